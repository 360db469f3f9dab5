import { z } from 'zod';
import { screens } from './places';
import { timeZoneParam } from './timeZone';

export const dashboard = screens.dashboard;

/** `GET /api/v1/dashboard`: the days and the week are the caller's (the console sends its time zone); UTC by default. */
export const dashboardQuery = z.object({ time_zone: timeZoneParam() });

const figure = z.object({ total: z.number().int(), week: z.number().int() });

/** Every figure within the caller's scope: the platform's, or a tenant administrator's organisation's. */
export const dashboardFigures = z.object({
  /** The catalogue and the courses added this week; for an organisation, the courses its learners are enrolled in and those they enrolled in this week. */
  courses: figure,
  /** Accounts holding the learner role, and those made this week. */
  learners: figure,
  /** Enrolments, enabled or not, and those made this week. */
  enrollments: figure,
  /** Transfer applications waiting for a decision (an organisation's: from it or to it). */
  pending_applications: z.number().int(),
  /** Voucher redemptions this week (an organisation's: by its learners). */
  vouchers_redeemed_week: z.number().int(),
  /** When this week began (Monday 00:00 in the time zone), epoch ms. */
  week_start: z.number().int(),
  /** The last 30 days, oldest first, today last: the enrolments made each day. */
  enrollments_per_day: z.array(z.object({ day: z.string().describe('YYYY-MM-DD in the time zone'), count: z.number().int() })).length(30),
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;
