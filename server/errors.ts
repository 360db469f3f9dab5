import type { MessageArgs } from '../i18n/translate';
import type { ValidationMessage } from '../schema/validation';

export type { MessageArgs };

/** The server cannot start for a reason the operator can act on: the message says what to do, and needs no stack trace. */
export class CannotStart extends Error {}

/**
 * A failure a route reports on purpose; the error handler turns it into the envelope. `fields`
 * says what is wrong with each named field (the envelope's `errors`, shown under the fields).
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: string,
    readonly args: MessageArgs = {},
    readonly fields: Record<string, ValidationMessage> = {},
  ) {
    super(messageKey);
  }
}

/** Bad input. */
export class BadRequest extends ApiError {
  constructor(messageKey = 'app.error.invalid_input', args: MessageArgs = {}, fields: Record<string, ValidationMessage> = {}) {
    super(400, messageKey, args, fields);
  }
}

export class Unauthorized extends ApiError {
  constructor(messageKey = 'app.error.unauthorized') {
    super(401, messageKey);
  }
}

export class Forbidden extends ApiError {
  constructor(messageKey = 'app.error.forbidden') {
    super(403, messageKey);
  }
}

export class NotFound extends ApiError {
  constructor(messageKey = 'app.error.not_found', args: MessageArgs = {}) {
    super(404, messageKey, args);
  }
}

export class Conflict extends ApiError {
  constructor(messageKey = 'app.error.conflict', args: MessageArgs = {}, fields: Record<string, ValidationMessage> = {}) {
    super(409, messageKey, args, fields);
  }
}

/** A unique value already taken: 409, said under its field. */
export const valueTaken = (field: string, value: string) =>
  new Conflict('app.error.duplicate', { field, value }, { [field]: { key: 'app.validation.duplicate', args: { value } } });

/**
 * Not done yet (a QR code nobody has confirmed): a client that waits "until success" asks again.
 * `data` says how far it has got.
 */
export class NotYet extends ApiError {
  constructor(
    messageKey: string,
    readonly data: Record<string, unknown>,
  ) {
    super(202, messageKey);
  }
}

/** Every CSV export this instance streams at once is taken: try again in a few seconds (Retry-After). */
export class ExportsBusy extends ApiError {
  readonly retryAfterSeconds = 5;
  constructor() {
    super(429, 'app.error.exports_busy');
  }
}

/** Throttled: Retry-After says the seconds to wait; the message says minutes, rounded up, as people count them. */
export class TooManyRequests extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(429, minutes === 1 ? 'app.error.too_many_attempts_one_minute' : 'app.error.too_many_attempts', { minutes });
  }
}
