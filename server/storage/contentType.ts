import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { extensionOf } from '../../schema/files';

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

/**
 * Markup a browser runs or renders as a page, in any case: what makes a picture, a PDF or a
 * playlist also a web page (a polyglot). Each mark is long enough that compressed bytes make one
 * by chance about once in 10^10 bytes, so genuine files are not refused.
 */
const ACTIVE_MARKUP = /<(?:script|html|head|body|i?frame|svg|object|embed|!doctype)[\s/>]|javascript:/i;
/** The longest mark less one: kept from the end of each chunk, so a mark split across two is found. */
const CARRY = 16;

/**
 * Types read whole for markup. Videos (mp4, flv, ts) are read only in their head, as far as a
 * browser would sniff: a full read of gigabytes of compressed video would meet a mark by chance,
 * and they are served as video with sniffing off in a sandbox anyway.
 */
const READ_WHOLE = new Set(['jpg', 'png', 'pdf', 'm3u8']);
export const readWholeForMarkup = (type: string) => READ_WHOLE.has(type);

/** Looks for active markup across the chunks of one file, in order. */
export class MarkupScanner {
  private carried = '';

  /** True when this chunk (with the end of the one before) holds active markup. */
  found(chunk: Buffer): boolean {
    const text = this.carried + chunk.toString('latin1');
    this.carried = text.slice(-CARRY);
    return ACTIVE_MARKUP.test(text);
  }
}

/**
 * How each kind of stored file is served, by extension: a fixed table, never a guess. PDFs (which
 * can carry scripts) and playlists are downloaded rather than shown at the files' address;
 * pictures and videos are shown. Anything else in the files folder is not served.
 */
const servedTypes: Record<string, { type: string; download: boolean }> = {
  jpg: { type: 'image/jpeg', download: false },
  jpeg: { type: 'image/jpeg', download: false },
  png: { type: 'image/png', download: false },
  mp4: { type: 'video/mp4', download: false },
  flv: { type: 'video/x-flv', download: false },
  ts: { type: 'video/mp2t', download: false },
  m3u8: { type: 'application/vnd.apple.mpegurl', download: true },
  pdf: { type: 'application/pdf', download: true },
};

/** The headers a stored file is served with, or undefined for a key whose extension is not served. */
export function servingHeaders(key: string): Record<string, string> | undefined {
  const served = servedTypes[extensionOf(key)];
  if (!served) return undefined;
  return {
    'content-type': served.type,
    'x-content-type-options': 'nosniff',
    // Opened directly, a file is a page of no origin that runs nothing and loads nothing.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    'content-disposition': `${served.download ? 'attachment' : 'inline'}; filename="${path.basename(key)}"`,
  };
}
