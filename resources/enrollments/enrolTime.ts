/**
 * A filter of days sends moments (epoch ms, src/forms/dayEdge.ts): its first day's midnight, and
 * the midnight after its last day, the end excluded. A last day before the first one (the filter
 * `startSource`) is refused under the last day, and the filter is not applied.
 */
export const endNotBefore = (startSource: string) => (end: unknown, values: Record<string, unknown>) => {
  const start = values[startSource];
  return typeof end === 'number' && typeof start === 'number' && end <= start ? 'app.validation.end_before_start' : undefined;
};
