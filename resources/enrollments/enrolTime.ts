import { formatDate, localMoment } from '../../src/fields/format';

/**
 * The enrol-time filter picks days; the pager takes moments (epoch ms), the start inclusive and the
 * end exclusive. So a chosen first day starts at its local midnight, and a chosen last day ends at
 * the next day's: both days are in.
 */
/** A chosen first day (`2026-03-01`) as the moment it starts. */
export const startOfDay = (day: string | null | undefined) => (day ? localMoment(day) : null);

/** A chosen last day as the moment the day after starts. */
export const endOfDay = (day: string | null | undefined) => (day ? localMoment(day, 1) : null);

/** The day a start moment shows as. */
export const dayOfStart = (moment: unknown) => (typeof moment === 'number' ? formatDate(moment) : ((moment as string | null) ?? ''));

/** The day an end moment shows as: the last day in, the one before the moment. */
export const dayOfEnd = (moment: unknown) => (typeof moment === 'number' ? formatDate(moment - 1) : ((moment as string | null) ?? ''));

/** A last day before the first one (the filter `startSource`) is refused under the last day, and the filter is not applied. */
export const endNotBefore = (startSource: string) => (end: unknown, values: Record<string, unknown>) => {
  const start = values[startSource];
  return typeof end === 'number' && typeof start === 'number' && end <= start ? 'app.validation.end_before_start' : undefined;
};

/** The enrol-time filter's check: its last day not before its first. */
export const endNotBeforeStart = endNotBefore('start_time');
