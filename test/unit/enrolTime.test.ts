import { dayOfEnd, dayOfStart, endNotBeforeStart, endOfDay, startOfDay } from '../../resources/enrollments/enrolTime';

describe('the enrol-time filter: days chosen, moments sent', () => {
  test('a first day is sent as its local midnight, a last day as the next midnight (the pager\'s end is exclusive)', () => {
    expect(startOfDay('2026-03-01')).toBe(new Date(2026, 2, 1).getTime());
    expect(endOfDay('2026-03-01')).toBe(new Date(2026, 2, 2).getTime());
    // Across a month's and a year's end.
    expect(endOfDay('2026-02-28')).toBe(new Date(2026, 2, 1).getTime());
    expect(endOfDay('2026-12-31')).toBe(new Date(2027, 0, 1).getTime());
  });

  test('the moments show as the days chosen', () => {
    for (const day of ['2026-03-01', '2026-02-28', '2026-12-31', '2026-10-25']) {
      expect(dayOfStart(startOfDay(day))).toBe(day);
      expect(dayOfEnd(endOfDay(day))).toBe(day);
    }
  });

  test('nothing chosen is no filter; a half-typed day is none yet', () => {
    expect([startOfDay(''), startOfDay(null), endOfDay(undefined), startOfDay('2026-3-1')]).toEqual([null, null, null, null]);
    expect([dayOfStart(null), dayOfEnd(undefined), dayOfStart('2026-03-01')]).toEqual(['', '', '2026-03-01']);
  });

  test('a last day before the first is refused; the same day for both is one day', () => {
    const first = startOfDay('2026-03-10');
    expect(endNotBeforeStart(endOfDay('2026-03-09'), { start_time: first })).toBe('app.validation.end_before_start');
    expect(endNotBeforeStart(endOfDay('2026-03-10'), { start_time: first })).toBeUndefined();
    expect(endNotBeforeStart(endOfDay('2026-03-09'), {})).toBeUndefined();
    expect(endNotBeforeStart(null, { start_time: first })).toBeUndefined();
  });
});
