import { places } from './places';
import { z } from 'zod';
import { course } from './course';
import { defineEntity, listQuerySchema } from './entity';
import { boolean, datetime, readOnly, reference } from './fields';
import { user } from './user';

/**
 * A learner's enrolment in a course (`/enroll_detail`). Enrolments are made by redeeming a voucher
 * (and by the platform's own sign-up flows); the console only lists them and enables or disables
 * them, so every field is the server's. Answers carry SPEC.md's flat `target_title` and
 * `learner_name` beside the references.
 */
export const enrollment = defineEntity({
  ...places.enrollment,
  table: 'enrollments',
  keyword: [],
  fields: {
    target_id: readOnly(reference(() => course, { required: true, as: 'target', list: true, filter: true })),
    learner_id: readOnly(reference(() => user, { required: true, as: 'learner', list: true, filter: true })),
    available: readOnly(boolean({ list: true, filter: true })),
    create_at: readOnly(datetime({ required: true, list: true, sortable: true })),
  },
});

/** `POST /api/v1/enrollmentEnable|enrollmentDisable`: SPEC.md names the enrolment by its course and learner. */
export const enrollmentStatusBody = z.object({
  courseId: z.number().int().positive().max(2_147_483_647),
  learnerId: z.number().int().positive().max(2_147_483_647),
});

/** A row of `GET /api/v1/enrollments/statistic` (DESIGN.md): a course and how many enabled enrolments it has. */
export const enrollmentStatistic = z.object({
  target: z.object({ id: z.number().int(), title: z.string() }),
  enrollment_count: z.number().int(),
});

/** An enrolment as the server answers it: SPEC.md's flat course title and learner name beside the references. */
export const enrollmentRecord = enrollment.record.extend({ target_title: z.string(), learner_name: z.string() });

/** A moment as a query parameter: epoch milliseconds. */
const epochMs = z.coerce.number().int().min(0).max(8_640_000_000_000_000).optional();

/**
 * `GET /api/v1/enrollments/pager`: the declared filters (course, learner, enabled or not) and the
 * enrol time from `start_time` (inclusive) to `end_time` (exclusive), epoch ms. A start after the
 * end is refused under `end_time`. Nothing is searched by word: the course and the learner are chosen.
 */
export const enrollmentListQuery = enrollment.listQuery
  .omit({ keyword: true })
  .extend({ start_time: epochMs, end_time: epochMs })
  .refine((query) => query.start_time == null || query.end_time == null || query.start_time <= query.end_time, {
    error: 'app.validation.end_before_start',
    path: ['end_time'],
  });

/** `GET /api/v1/enrollments/statistic`: a page of courses, most enrolled first; `keyword` looks in the course title. */
export const enrollmentStatisticQuery = listQuerySchema(['enrollment_count']).omit({ id: true });
