import { csvCell, csvLine } from '../../server/export/csv';
import { timeFormatter } from '../../server/export/columns';

test('cells are quoted as RFC 4180 says, and only when they must be', () => {
  expect(csvCell('plain text')).toBe('plain text');
  expect(csvCell('a, b')).toBe('"a, b"');
  expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  expect(csvCell('two\nlines')).toBe('"two\nlines"');
  expect(csvLine(['中文', 'かな', 3])).toBe('中文,かな,3\r\n');
});

test('text a spreadsheet would run as a formula starts with an apostrophe; numbers are left alone', () => {
  expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'].map(csvCell)).toEqual(["'=1+1", "'+1", "'-1", "'@SUM(A1)", "'\tx", "\"'\rx\""]);
  expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
  expect(csvCell(-5)).toBe('-5');
  expect(csvCell('a=b')).toBe('a=b');
});

test('times read as YYYY-MM-DD HH:mm:ss in the time zone asked for', () => {
  const moment = Date.UTC(2026, 0, 31, 23, 5, 9);
  expect(timeFormatter('UTC')(moment)).toBe('2026-01-31 23:05:09');
  expect(timeFormatter('Asia/Tokyo')(moment)).toBe('2026-02-01 08:05:09');
});
