import type { HttpError } from 'ra-core';
import { consoleVideoExtensions, extensionOf, FILES_PATH, uploadRules, type UploadKind, type UptokenAnswer } from '../../schema/files';
import { apiBase } from '../config';
import { unwrapEnvelope } from '../envelope';
import { request } from '../http';

/** A file refused, by the console's own checks or by the storage provider; the message is a catalogue key or the server's text. */
export class UploadRefused extends Error {}

export interface UploadOptions {
  signal?: AbortSignal;
  /** 0 to 100, as the bytes go out. */
  onProgress?: (percent: number) => void;
}

export interface Uploaded {
  /** What a file field stores. */
  key: string;
  /** The file's full address on the provider's domain (what rich text embeds). */
  url: string;
  /** The name the file had on the user's machine (a PDF section shows it instead of the key). */
  name: string;
}

/** Where a stored key is served; a full address (a file kept elsewhere) is taken as it is. */
export const fileUrl = (key: string) => (/^https?:\/\//i.test(key) ? key : `${apiBase}${FILES_PATH}/${key.split('/').map(encodeURIComponent).join('/')}`);

/** The file picker's filter for a kind. */
export const acceptOf = (kind: UploadKind) =>
  kind === 'video' ? consoleVideoExtensions.map((extension) => `.${extension}`).join(',') : Object.keys(uploadRules[kind].mimeTypes).join(',');

/** SPEC.md section 5: why the console refuses this file before uploading it, or undefined. */
export function refusalOf(kind: UploadKind, file: File): string | undefined {
  const rule = uploadRules[kind];
  if (kind === 'video') return (consoleVideoExtensions as readonly string[]).includes(extensionOf(file.name)) ? undefined : rule.typeMessage;
  if (!rule.mimeTypes[file.type]) return rule.typeMessage;
  if (rule.maxBytes !== undefined && file.size > rule.maxBytes) return rule.sizeMessage;
  return undefined;
}

const randomPart = () => Array.from(crypto.getRandomValues(new Uint8Array(6)), (byte) => byte.toString(36).padStart(2, '0')).join('');

/** SPEC.md section 7: a timestamp, a random string and the extension (from the checked MIME type when there is one). */
export const makeKey = (kind: UploadKind, file: File) => `${Date.now()}-${randomPart()}.${uploadRules[kind].mimeTypes[file.type] ?? extensionOf(file.name)}`;

/** The provider's refusal in the caller's words: the envelope's message, or the generic one. */
function providerRefusal(status: number, body: unknown): UploadRefused {
  try {
    unwrapEnvelope(status, body);
  } catch (error) {
    if ((error as HttpError).message) return new UploadRefused((error as HttpError).message);
  }
  return new UploadRefused('app.upload.failed');
}

/** A form upload with XMLHttpRequest, the one browser API that reports upload progress. */
function postForm(url: string, form: FormData, { signal, onProgress }: UploadOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const language = document.documentElement.lang;
    if (language) xhr.setRequestHeader('accept-language', language);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      const key = (body as { key?: unknown } | undefined)?.key;
      if (xhr.status === 200 && typeof key === 'string') resolve(key);
      else reject(providerRefusal(xhr.status, body));
    };
    xhr.onerror = () => reject(new UploadRefused('app.upload.failed'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * The console's one upload path: checks the file (SPEC.md's rules), gets a token for its kind,
 * makes the key and posts token, key and file to the provider. Rejects with UploadRefused (show
 * its message), an AbortError when cancelled, or the token call's HttpError.
 */
export async function uploadFile(kind: UploadKind, file: File, options: UploadOptions = {}): Promise<Uploaded> {
  const refusal = refusalOf(kind, file);
  if (refusal) throw new UploadRefused(refusal);
  const { data: grant } = await request<UptokenAnswer>(`/api/v1/uptoken/${kind}`, { signal: options.signal });
  options.signal?.throwIfAborted();
  const form = new FormData();
  form.append('token', grant.uptoken);
  form.append('key', makeKey(kind, file));
  form.append('file', file);
  const key = await postForm(grant.upload_url, form, options);
  return { key, url: `${grant.domain}/${key}`, name: file.name };
}

export const isAbort = (error: unknown) => (error as Error)?.name === 'AbortError';
