import { z } from 'zod';
import type { Privilege } from './privileges';

/**
 * Files: the console asks for an upload token of a kind, makes the key itself, and posts the file
 * to the storage provider with the token; the stored value of every file field is the key.
 */
export const uploadKinds = ['image', 'video', 'pdf'] as const;
export type UploadKind = (typeof uploadKinds)[number];

export const MB = 1024 * 1024;

export interface UploadRule {
  /** Key extensions, each with the content types (as the provider names them) it may hold. */
  extensions: Record<string, readonly string[]>;
  /** The largest file; video's comes from the server's configuration (VIDEO_MAX_BYTES). */
  maxBytes?: number;
  /** The MIME types the console accepts before uploading, with the key extension each gets (none: it judges by extension). */
  mimeTypes: Record<string, string>;
  /** Message keys (console and server catalogues) for a wrong type and a file too large. */
  typeMessage: string;
  sizeMessage: string;
  /** Who may ask for a token: writers of the resources that hold files of this kind. */
  privileges: readonly Privilege[];
}

export const uploadRules: Record<UploadKind, UploadRule> = {
  image: {
    extensions: { jpg: ['jpg'], jpeg: ['jpg'], png: ['png'] },
    maxBytes: 5 * MB,
    mimeTypes: { 'image/jpeg': 'jpg', 'image/png': 'png' },
    typeMessage: 'app.upload.image_type',
    sizeMessage: 'app.upload.image_size',
    // Covers, photos, carousel images and the pictures inside rich text.
    privileges: ['course:write', 'series:write', 'teacher:write', 'carousel:write'],
  },
  video: {
    // A .ts file is an HLS segment, which a .m3u8 playlist names.
    extensions: { mp4: ['mp4'], flv: ['flv'], m3u8: ['m3u8'], ts: ['ts'] },
    mimeTypes: {},
    typeMessage: 'app.upload.video_type',
    sizeMessage: 'app.upload.video_size',
    privileges: ['video:write'],
  },
  pdf: {
    extensions: { pdf: ['pdf'] },
    maxBytes: 50 * MB,
    mimeTypes: { 'application/pdf': 'pdf' },
    typeMessage: 'app.upload.pdf_type',
    sizeMessage: 'app.upload.pdf_size',
    // Chapters and sections hold PDFs.
    privileges: ['course:write'],
  },
};

/** SPEC.md's size format: Byte(s), KB, MB, GB, TB with 2 decimals. */
export function formatBytes(bytes: number): string {
  const units = ['KB', 'MB', 'GB', 'TB'];
  if (bytes < 1024) return `${bytes} Byte(s)`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(2)} ${units[unit]}`;
}

/** SPEC.md: the console offers videos by extension: mp4 and flv, and m3u8 playlists. */
export const consoleVideoExtensions = ['mp4', 'flv', 'm3u8'] as const;

export const MAX_KEY_LENGTH = 128;
/** A flat name inside the files folder: no path, no dot file, one extension. */
export const fileKeyPattern = /^[A-Za-z0-9][A-Za-z0-9_-]*\.[A-Za-z0-9]{1,8}$/;

export const isFileKey = (key: string) => key.length <= MAX_KEY_LENGTH && fileKeyPattern.test(key);

/**
 * A key the file server answers: an uploaded one, or one under a few folders (the demo files, an
 * HLS playlist's segments beside it). No segment may be `..` or start with a dot.
 */
const servedKeyPattern = /^(?:[A-Za-z0-9][A-Za-z0-9_-]*\/){0,4}[A-Za-z0-9][A-Za-z0-9_-]*\.[A-Za-z0-9]{1,8}$/;
export const isServedKey = (key: string) => key.length <= MAX_KEY_LENGTH * 2 && servedKeyPattern.test(key);

/** The extension of a key, lower case ('' when it has none). */
export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** Where the provider takes uploads and serves files, on the server that issues the tokens. */
export const UPLOAD_PATH = '/api/v1/files';
export const FILES_PATH = '/files';

export const uptokenAnswer = z.object({
  uptoken: z.string().meta({ description: 'Sent back as the `token` field of the upload' }),
  schema: z.enum(['http', 'https']).meta({
    description: "The protocol of `domain`, as object-storage token answers give it for clients that build `schema://host/key`",
  }),
  domain: z.string().meta({ description: 'Files are served at `domain/key` (PUBLIC_URL/files by default)' }),
  upload_url: z.string().meta({ description: 'Where to POST multipart/form-data with the fields token, key and file, in that order' }),
  expires_at: z.number().int().meta({ description: 'When the token stops working (epoch milliseconds)' }),
});
export type UptokenAnswer = z.infer<typeof uptokenAnswer>;

/** The provider's own answer to an upload (not the envelope), as object stores answer. */
export const uploadAnswer = z.object({ key: z.string() });
