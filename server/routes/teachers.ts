import { eq, sql } from 'drizzle-orm';
import { teacher } from '../../schema/teacher';
import { courses, series, teachers } from '../db/schema';
import { Conflict } from '../errors';
import { entityRoutes, entityStore } from './entityRoutes';

/**
 * `/api/v1/teachers`: the standard routes of the declaration; a teacher named on a course cannot
 * be deleted, nor one named on a series (409 naming the teacher and how many), so none lists a teacher that is gone.
 */
export const teacherStore = entityStore(teacher, teachers, { countedBy: [[]], idBlocks: true });

export const teacherRoutes = entityRoutes(teacherStore, {
  beforeDelete: async (tx, id) => {
    // Locked before counting: a course write naming the teacher holds a key-share lock on the row,
    // so it either finished before (and is counted) or waits and then finds the teacher gone.
    const [found] = await tx.select({ name: teachers.name }).from(teachers).where(eq(teachers.id, id)).for('update');
    if (!found) return;
    // `@>` on the array is answered by the GIN index courses_teacher_ids_idx.
    const [{ total }] = await tx
      .select({ total: sql<number>`count(*)::int` })
      .from(courses)
      .where(sql`${courses.teacher_ids} @> array[${id}::integer]`);
    if (total > 0) throw new Conflict('app.error.teacher_on_courses', { name: found.name as string, smart_count: total });
    // Series name teachers too; series_teacher_ids_idx answers this one.
    const [{ total: inSeries }] = await tx
      .select({ total: sql<number>`count(*)::int` })
      .from(series)
      .where(sql`${series.teacher_ids} @> array[${id}::integer]`);
    if (inSeries > 0) throw new Conflict('app.error.teacher_on_series', { name: found.name as string, smart_count: inSeries });
  },
});
