import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { UploadKind } from '../../schema/files';
import { client } from './client';
import type { TestServer } from './server';

const fixture = (name: string) => readFileSync(path.join(__dirname, '../fixtures', name));

/** Tiny valid files of every type the provider takes (test/fixtures/README.md says how they were made). */
export const files = {
  jpg: fixture('tiny.jpg'),
  png: fixture('tiny.png'),
  pdf: fixture('tiny.pdf'),
  mp4: fixture('tiny.mp4'),
  flv: fixture('tiny.flv'),
  /** Two MPEG-TS null packets: the smallest valid transport stream. */
  ts: Buffer.concat([0, 1].map(() => Buffer.concat([Buffer.from([0x47, 0x1f, 0xff, 0x10]), Buffer.alloc(184, 0xff)]))),
  m3u8: Buffer.from('#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXTINF:0.2,\nsegment.ts\n#EXT-X-ENDLIST\n'),
};

export interface FilePart {
  bytes: Buffer;
  /** The file's own name and type in the form, which the provider does not trust. */
  name?: string;
  type?: string;
}

let serial = 0;
/** A key no other test uses, as the console makes them: timestamp, random part, extension. */
export const newKey = (extension: string) => `${Date.now()}-t${++serial}.${extension}`;

/** Uploads to one test server as a signed-in writer would, and looks into its files folder. */
export function uploader(server: TestServer, token: string) {
  const writer = client(server.url, token);
  const filesDir = path.join(server.app.appConfig.dataDir, 'files');

  async function uptoken(kind: UploadKind): Promise<string> {
    const answer = await writer.get(`/api/v1/uptoken/${kind}`);
    expect(answer.status).toBe(200);
    return answer.body.data.uptoken;
  }

  /** Posts the form with the parts given, in the order given. */
  async function post(parts: [string, string | FilePart][], headers: Record<string, string> = {}) {
    const form = new FormData();
    for (const [name, value] of parts) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type ?? 'application/octet-stream' }), value.name ?? 'upload');
    }
    const response = await fetch(`${server.url}/api/v1/files`, { method: 'POST', body: form, headers });
    return { status: response.status, body: await response.json() };
  }

  const upload = (token: string, key: string, file: FilePart, headers?: Record<string, string>) =>
    post(
      [
        ['token', token],
        ['key', key],
        ['file', file],
      ],
      headers,
    );

  /** Uploads the bytes as a new key of this extension; answers the key. */
  async function stored(kind: UploadKind, extension: string, bytes: Buffer): Promise<string> {
    const key = newKey(extension);
    expect(await upload(await uptoken(kind), key, { bytes })).toEqual({ status: 200, body: { key } });
    return key;
  }

  return {
    filesDir,
    /** What the provider is still writing (or failed to clean up). */
    partialFiles: () => readdirSync(path.join(filesDir, '.uploads')),
    uptoken,
    post,
    upload,
    stored,
  };
}
