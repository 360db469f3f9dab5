import { HttpError } from 'ra-core';
import { RENEWED_TOKEN_HEADER } from '../schema/headers';
import { addressOf } from './config';
import { unwrapEnvelope } from './envelope';
import { getToken, setToken } from './storage';

export type QueryValue = string | number | boolean | null | undefined | (string | number | boolean)[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** A session other than the console's stored one (the QR confirm page keeps its own). */
  token?: string;
  /** The kind of file `requestFile` asks for (`text/csv`); any by default. */
  accept?: string;
}

export interface HttpAnswer<T> {
  data: T;
  headers: Headers;
}

/** Array parameters repeat the key; empty values are left out. */
export function queryString(query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null || item === '') continue;
      params.append(key, String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = { accept };
  const token = options.token ?? getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const language = document.documentElement.lang;
  if (language) headers['accept-language'] = language;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(addressOf(path) + queryString(options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    // Offline or unreachable: no server message to show, so the caller's fallback text is used.
    throw new HttpError('', 0, {});
  }
  const renewed = response.headers.get(RENEWED_TOKEN_HEADER);
  if (renewed && !options.token && getToken()) setToken(renewed);
  return response;
}

/**
 * The console's one HTTP client: JSON in and out, the stored token as the Authorization header,
 * the interface language as Accept-Language, a renewed token taken from x-auth-token.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<HttpAnswer<T>> {
  const response = await send(path, options, 'application/json');
  const body: unknown = await response.json().catch(() => undefined);
  return { data: unwrapEnvelope<T>(response.status, body), headers: response.headers };
}

/** The same client for a file the server answers (an image); failures still come as the envelope. */
export async function requestFile(path: string, options: RequestOptions = {}): Promise<HttpAnswer<Blob>> {
  const response = await send(path, options, options.accept ?? '*/*');
  if (!response.ok) unwrapEnvelope(response.status, await response.json().catch(() => undefined));
  return { data: await response.blob(), headers: response.headers };
}
