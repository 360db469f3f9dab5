import { dayOfMoment, endNotBefore, momentOfDay } from '../../src/forms/dayEdge';

describe('a chosen day as the moment a form holds', () => {
  test("a range's first day is its local midnight, its last day the next midnight (the pager's end is exclusive)", () => {
    expect(momentOfDay(new Date(2026, 2, 1), 'start')).toBe(new Date(2026, 2, 1).getTime());
    expect(momentOfDay(new Date(2026, 2, 1), 'end')).toBe(new Date(2026, 2, 2).getTime());
    // Across a month's and a year's end.
    expect(momentOfDay(new Date(2026, 1, 28), 'end')).toBe(new Date(2026, 2, 1).getTime());
    expect(momentOfDay(new Date(2026, 11, 31), 'end')).toBe(new Date(2027, 0, 1).getTime());
  });

  test("a voucher's last day is valid through its last millisecond", () => {
    expect(momentOfDay(new Date(2027, 2, 5), 'last')).toBe(new Date(2027, 2, 5, 23, 59, 59, 999).getTime());
    expect(momentOfDay(new Date(2027, 11, 31), 'last') + 1).toBe(new Date(2028, 0, 1).getTime());
  });

  test('the time of day the picker gives is not part of the day', () => {
    const afternoon = new Date(2026, 2, 1, 15, 42, 7);
    expect(momentOfDay(afternoon, 'start')).toBe(new Date(2026, 2, 1).getTime());
    expect(momentOfDay(afternoon, 'end')).toBe(new Date(2026, 2, 2).getTime());
  });

  test('each moment shows as the day chosen', () => {
    for (const day of [new Date(2026, 2, 1), new Date(2026, 1, 28), new Date(2026, 11, 31), new Date(2026, 9, 25)]) {
      for (const edge of ['start', 'end', 'last'] as const) expect(dayOfMoment(momentOfDay(day, edge), edge)).toEqual(day);
    }
    // A moment held from elsewhere (a voucher written through the API at noon) shows as its day.
    expect(dayOfMoment(new Date(2027, 2, 5, 12).getTime(), 'last')).toEqual(new Date(2027, 2, 5));
  });

  test('a last day before the first is refused; the same day for both is one day', () => {
    const refused = endNotBefore('start_time');
    const first = momentOfDay(new Date(2026, 2, 10), 'start');
    expect(refused(momentOfDay(new Date(2026, 2, 9), 'end'), { start_time: first })).toBe('app.validation.end_before_start');
    expect(refused(momentOfDay(new Date(2026, 2, 10), 'end'), { start_time: first })).toBeUndefined();
    expect(refused(momentOfDay(new Date(2026, 2, 9), 'end'), {})).toBeUndefined();
    expect(refused(null, { start_time: first })).toBeUndefined();
  });
});
