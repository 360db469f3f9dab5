import { randomBytes } from 'node:crypto';
import { access, link, mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Conflict } from '../errors';
import { HEAD_BYTES } from './contentType';

/** Where uploaded files are kept: `DATA_DIR/files`. */
export const filesDirOf = (dataDir: string) => path.join(dataDir, 'files');

/** Partial uploads live beside the files (same file system, so placing one is a link), in a dot folder never served. */
const UPLOADS = '.uploads';
const STALE_MS = 24 * 3_600_000;

/** The files folder and its partial-uploads folder; partial files a crash left behind are removed. */
export async function prepareFilesDir(filesDir: string) {
  const uploadsDir = path.join(filesDir, UPLOADS);
  await mkdir(uploadsDir, { recursive: true });
  for (const name of await readdir(uploadsDir)) {
    const partial = path.join(uploadsDir, name);
    // Gone meanwhile: another instance's upload finished with it.
    const modified = await stat(partial).then((stats) => stats.mtimeMs, () => Date.now());
    if (Date.now() - modified > STALE_MS) await rm(partial, { force: true });
  }
}

export const fileExists = (filesDir: string, key: string) =>
  access(path.join(filesDir, key)).then(
    () => true,
    () => false,
  );

export interface UploadLimits {
  maxBytes: number;
  /** Called once with the first bytes (all of them for a small file); throws to refuse the file. */
  checkHead(head: Buffer): Promise<void>;
  /** Called with every chunk after the head, in order; throws to refuse the file. */
  checkRest(chunk: Buffer): void;
  /** The error for a file past maxBytes. */
  tooLarge(): Error;
}

/** Passes bytes through once the head is approved, and stops the stream at the first byte past the limit. */
class UploadCheck extends Transform {
  private head: Buffer[] = [];
  private headBytes = 0;
  private total = 0;
  private checked = false;

  constructor(private readonly limits: UploadLimits) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.total += chunk.length;
    if (this.total > this.limits.maxBytes) return done(this.limits.tooLarge());
    if (this.checked) {
      try {
        this.limits.checkRest(chunk);
      } catch (error) {
        return done(error as Error);
      }
      return done(null, chunk);
    }
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < HEAD_BYTES) return done();
    this.release(done);
  }

  override _flush(done: TransformCallback) {
    if (this.checked) return done();
    this.release(done);
  }

  private release(done: TransformCallback) {
    this.checked = true;
    const head = Buffer.concat(this.head);
    this.head = [];
    this.limits.checkHead(head).then(() => done(null, head), done);
  }
}

/**
 * Streams an upload to a partial file and, only when it is complete and valid, registers it
 * (`register`, which may refuse the key) and puts it in place under `key`; never overwrites a
 * file, and leaves nothing behind on any failure (client abort too).
 */
export async function saveUpload(filesDir: string, key: string, file: Readable, limits: UploadLimits, register: () => Promise<void>) {
  const partial = path.join(filesDir, UPLOADS, `${randomBytes(12).toString('hex')}.part`);
  // Created before streaming starts, so the cleanup below always finds what it has to remove.
  const handle = await open(partial, 'wx');
  try {
    await pipeline(file, new UploadCheck(limits), handle.createWriteStream());
    await register();
    // A link, unlike a rename, refuses to replace a file another upload put there meanwhile.
    await link(partial, path.join(filesDir, key)).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'EEXIST' ? new Conflict('app.upload.key_taken') : error;
    });
  } finally {
    await rm(partial, { force: true });
  }
}
