import { eq, sql } from 'drizzle-orm';
import { carouselGroup } from '../../schema/carouselGroup';
import { carouselGroups, carousels } from '../db/schema';
import { Conflict } from '../errors';
import { entityRoutes, entityStore } from './entityRoutes';

/**
 * `/api/v1/carousel_groups`: the standard routes of the declaration; a group that still holds
 * carousels cannot be deleted (409 naming the group and how many), so no carousel loses its group.
 */
export const carouselGroupStore = entityStore(carouselGroup, carouselGroups);

export const carouselGroupRoutes = entityRoutes(carouselGroupStore, {
  beforeDelete: async (tx, id) => {
    // Locked before counting: a carousel write naming the group key-share locks it, so it either
    // finished before (and is counted) or waits and then finds the group gone.
    const [found] = await tx.select({ name: carouselGroups.name }).from(carouselGroups).where(eq(carouselGroups.id, id)).for('update');
    if (!found) return;
    const [{ total }] = await tx.select({ total: sql<number>`count(*)::int` }).from(carousels).where(eq(carousels.carousel_group_id, id));
    if (total > 0) throw new Conflict('app.error.carousel_group_has_carousels', { name: found.name as string, smart_count: total });
  },
});
