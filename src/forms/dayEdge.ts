import { addDays, startOfDay } from 'date-fns';

/**
 * Which moment of a chosen day a form holds (epoch ms, in the user's time zone): its first
 * (`start`, a range's first day), the first after it (`end`, a range's last day, the range's end
 * excluded), or its last millisecond (`last`, a voucher valid through the day).
 */
export type DayEdge = 'start' | 'end' | 'last';

/** The moment a day chosen in the picker stands for. */
export function momentOfDay(day: Date, edge: DayEdge): number {
  const midnight = startOfDay(day);
  return edge === 'start' ? midnight.getTime() : addDays(midnight, 1).getTime() - (edge === 'last' ? 1 : 0);
}

/** The day a moment held at `edge` shows as (its local midnight). */
export function dayOfMoment(moment: number, edge: DayEdge): Date {
  return startOfDay(new Date(edge === 'end' ? moment - 1 : moment));
}

/**
 * A range of days' check on its last day: one before the first (the form's `startSource`) is
 * refused under it, and a filter is not applied. The first's moment is its `start`, the last's its `end`.
 */
export const endNotBefore = (startSource: string) => (end: unknown, values: Record<string, unknown>) => {
  const start = values[startSource];
  return typeof end === 'number' && typeof start === 'number' && end <= start ? 'app.validation.end_before_start' : undefined;
};
