import { formatBytes, isFileKey, MB } from '../../schema/files';
import { acceptOf, fileUrl, makeKey, refusalOf } from '../../src/upload/uploadFile';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('refusalOf: SPEC.md section 5', () => {
  test.each([
    ['image', 'a.jpg', 'image/jpeg', 10, undefined],
    ['image', 'a.png', 'image/png', 5 * MB, undefined],
    ['image', 'a.png', 'image/png', 5 * MB + 1, 'app.upload.image_size'],
    ['image', 'a.gif', 'image/gif', 10, 'app.upload.image_type'],
    ['image', 'a.png', '', 10, 'app.upload.image_type'],
    ['pdf', 'a.pdf', 'application/pdf', 50 * MB, undefined],
    ['pdf', 'a.pdf', 'application/pdf', 50 * MB + 1, 'app.upload.pdf_size'],
    ['pdf', 'a.pdf', 'text/plain', 10, 'app.upload.pdf_type'],
    ['video', 'a.mp4', 'video/mp4', 10, undefined],
    ['video', 'A.FLV', '', 10, undefined],
    ['video', 'index.m3u8', 'application/vnd.apple.mpegurl', 10, undefined],
    ['video', 'a.mov', 'video/quicktime', 10, 'app.upload.video_type'],
    ['video', 'mp4', 'video/mp4', 10, 'app.upload.video_type'],
  ] as const)('%s %s (%s, %d bytes)', (kind, name, type, size, refusal) => {
    expect(refusalOf(kind, file(name, type, size))).toBe(refusal);
  });

  test('videos have no size check in the console (the server has VIDEO_MAX_BYTES)', () => {
    expect(refusalOf('video', file('big.mp4', 'video/mp4', 60 * MB))).toBeUndefined();
  });
});

describe('makeKey: a timestamp, a random string and the extension', () => {
  test('keys are unique, fit the provider and take the extension from the checked type', () => {
    const before = Date.now();
    const key = makeKey('image', file('Holiday Photo.JPEG', 'image/jpeg'));
    expect(key).toMatch(/^\d{13}-[0-9a-z]{12}\.jpg$/);
    expect(Number(key.slice(0, 13))).toBeGreaterThanOrEqual(before);
    expect(isFileKey(key)).toBe(true);
    expect(makeKey('image', file('a.jpg', 'image/png'))).toMatch(/\.png$/);
    expect(makeKey('pdf', file('notes', 'application/pdf'))).toMatch(/\.pdf$/);
    expect(makeKey('video', file('Lesson 1.MP4', ''))).toMatch(/^\d{13}-[0-9a-z]{12}\.mp4$/);
    const keys = new Set(Array.from({ length: 50 }, () => makeKey('image', file('a.png', 'image/png'))));
    expect(keys.size).toBe(50);
  });
});

test('fileUrl: the files folder on the API server; a full address stays as it is', () => {
  expect(fileUrl('1712345678901-abc.png')).toBe('/files/1712345678901-abc.png');
  expect(fileUrl('odd name#1.png')).toBe('/files/odd%20name%231.png');
  expect(fileUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
});

test('acceptOf: what the file picker offers', () => {
  expect(acceptOf('image')).toBe('image/jpeg,image/png');
  expect(acceptOf('pdf')).toBe('application/pdf');
  expect(acceptOf('video')).toBe('.mp4,.flv,.m3u8');
});

test('formatBytes: Byte(s), KB, MB, GB, TB with 2 decimals', () => {
  expect(formatBytes(512)).toBe('512 Byte(s)');
  expect(formatBytes(4096)).toBe('4.00 KB');
  expect(formatBytes(5 * MB)).toBe('5.00 MB');
  expect(formatBytes(2 * 1024 * MB)).toBe('2.00 GB');
  expect(formatBytes(3 * 1024 * 1024 * MB)).toBe('3.00 TB');
});
