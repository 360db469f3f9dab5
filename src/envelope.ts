import { HttpError } from 'ra-core';

export interface Page<T> {
  items: T[];
  total: number;
}

/**
 * The one reader of the server's envelope: `{ success: true, data }` gives `data`; anything else
 * becomes an HttpError carrying the server's message (empty when it gave none) and its field errors.
 */
export function unwrapEnvelope<T>(status: number, body: unknown): T {
  const envelope = (body ?? {}) as { success?: boolean; data?: T; message?: unknown; errors?: unknown };
  if (status >= 200 && status < 300 && envelope.success === true) return envelope.data as T;
  const message = typeof envelope.message === 'string' ? envelope.message : '';
  // react-admin shows `body.errors` under the matching form fields.
  const errors = envelope.errors && typeof envelope.errors === 'object' ? envelope.errors : undefined;
  throw new HttpError(message, status, { ...envelope, errors });
}

/** A list answer is `{ items, total }` or, from some servers, a bare array. */
export function asPage<T>(data: unknown): Page<T> {
  if (Array.isArray(data)) return { items: data as T[], total: data.length };
  const page = (data ?? {}) as Partial<Page<T>>;
  const items = Array.isArray(page.items) ? page.items : [];
  return { items, total: typeof page.total === 'number' ? page.total : items.length };
}
