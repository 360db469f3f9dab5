import { fileTypeFromBuffer } from 'file-type';

/** Enough of the start of a file for every type we accept (an MPEG-TS needs its second packet, at 188). */
export const HEAD_BYTES = 4100;

/** file-type's names for what we accept, as the upload rules name them; anything else is refused. */
const accepted: Record<string, string> = {
  jpg: 'jpg',
  png: 'png',
  pdf: 'pdf',
  mp4: 'mp4',
  // An MP4 whose major brand says iTunes video: the same container.
  m4v: 'mp4',
  flv: 'flv',
  mts: 'ts',
};

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** What a file is by its own first bytes (never by its name): 'jpg', 'png', 'pdf', 'mp4', 'flv', 'm3u8', 'ts'. */
export async function contentTypeOf(head: Buffer): Promise<string | undefined> {
  // An HLS playlist is text, which file-type does not judge.
  const text = head.subarray(0, UTF8_BOM.length).equals(UTF8_BOM) ? head.subarray(UTF8_BOM.length) : head;
  if (text.subarray(0, 7).toString('latin1') === '#EXTM3U') return 'm3u8';
  const detected = await fileTypeFromBuffer(head);
  return detected ? accepted[detected.ext] : undefined;
}
