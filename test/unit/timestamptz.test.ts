import { epochMsOfTimestamptz } from '../../server/db/columns';

/** The same moment in the ISO form `Date` reads by the standard: what the position reader must agree with. */
const isoOf = (text: string) => {
  const match = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d(?:\.\d+)?)([+-]\d\d)(:\d\d)?$/.exec(text)!;
  return `${match[1]}T${match[2]}${match[3]}${match[4] ?? ':00'}`;
};

test.each([
  ['2026-12-03 08:44:13.341+00', Date.UTC(2026, 11, 3, 8, 44, 13, 341)],
  ['2026-12-03 08:44:13+00', Date.UTC(2026, 11, 3, 8, 44, 13)],
  ['2026-12-03 08:44:13.5+00', Date.UTC(2026, 11, 3, 8, 44, 13, 500)],
  ['2026-12-03 08:44:13.341999+00', Date.UTC(2026, 11, 3, 8, 44, 13, 341)],
  ['2026-12-03 14:14:13.341+05:30', Date.UTC(2026, 11, 3, 8, 44, 13, 341)],
  ['2026-12-02 23:44:13.341-09', Date.UTC(2026, 11, 3, 8, 44, 13, 341)],
  ['2024-02-29 00:00:00+00', Date.UTC(2024, 1, 29)],
  ['1970-01-01 00:00:00+00', 0],
  ['1969-12-31 23:59:59.999+00', -1],
  // Date.UTC would read these years as 1999 and 1901.
  ['0099-01-01 00:00:00+00', -59_042_995_200_000],
  ['0001-03-01 12:00:00+01', -62_130_459_600_000],
])('%s is read by position as %d', (text, expected) => {
  expect(epochMsOfTimestamptz(text)).toBe(expected);
  expect(epochMsOfTimestamptz(text)).toBe(new Date(isoOf(text)).getTime());
});

test('forms the position reader does not take go through Date', () => {
  expect(epochMsOfTimestamptz('infinity')).toBeNaN();
  expect(epochMsOfTimestamptz('2026-12-03 08:44:13+05:30:15')).toBe(new Date('2026-12-03 08:44:13+05:30:15').getTime());
  expect(epochMsOfTimestamptz('2026-12-03T08:44:13.341Z')).toBe(Date.UTC(2026, 11, 3, 8, 44, 13, 341));
});

test('a thousand moments over four centuries and every offset agree with Date', () => {
  let seed = 7;
  const next = (below: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % below);
  const two = (value: number) => String(value).padStart(2, '0');
  for (let i = 0; i < 1000; i++) {
    const moment = new Date(Date.UTC(1800 + next(400), next(12), 1 + next(28), next(24), next(60), next(60)));
    const fraction = ['', `.${next(10)}`, `.${String(next(1000)).padStart(3, '0')}`, `.${String(next(1_000_000)).padStart(6, '0')}`][next(4)];
    const offsetMinutes = (next(29) - 14) * 60 + [0, 30, 45][next(3)];
    const local = new Date(moment.getTime() + offsetMinutes * 60_000);
    const sign = offsetMinutes < 0 ? '-' : '+';
    const hours = two(Math.floor(Math.abs(offsetMinutes) / 60));
    const minutes = Math.abs(offsetMinutes) % 60;
    const text =
      `${local.getUTCFullYear()}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())} ` +
      `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}${fraction}${sign}${hours}${minutes ? `:${two(minutes)}` : ''}`;
    expect([text, epochMsOfTimestamptz(text)]).toEqual([text, new Date(isoOf(text)).getTime()]);
  }
});
