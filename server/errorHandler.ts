import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Failure } from '../schema/envelope';
import { ApiError, BadRequest, Conflict, ExportsBusy, type MessageArgs, NotYet, TooManyRequests, valueTaken } from './errors';
import { fieldLabel, localeFromHeader, translate, type ServerLocale } from './messages';
import { constraintField } from './db/constraints';

interface DatabaseError {
  code?: string;
  constraint?: string;
  detail?: string;
  syscall?: string;
}

// Connection failures (class 08), a server shutting down or starting (57P01-57P03), and the socket errors of a
// server that is gone: the database is away for now, not the request at fault.
const UNREACHABLE = /^(08...|57P0[1-3]|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH)$/;
const UNREACHABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is/i;

/** PostgreSQL's own refusals of bad input, reported as the client's mistake rather than ours. */
function fromDatabase(thrown: DatabaseError & { cause?: unknown; message?: string }): ApiError | undefined {
  // Drizzle wraps the driver's error; the SQLSTATE is on the cause. pg-pool's own errors (a connection lost inside a
  // transaction) come unwrapped, with neither code nor cause: their message says what happened.
  const error = (thrown.code || !thrown.cause ? thrown : thrown.cause) as DatabaseError & { message?: string };
  // The embedded server's unix socket is gone while it is down: connecting to it is an ENOENT.
  const socketGone = error.code === 'ENOENT' && error.syscall === 'connect';
  if (UNREACHABLE.test(error.code ?? '') || socketGone || UNREACHABLE_MESSAGE.test(error.message ?? ''))
    return new ApiError(503, 'app.error.database_unavailable');
  switch (error.code) {
    case '23505': {
      const field = error.constraint ? constraintField(error.constraint) : undefined;
      const value = /=\((.*)\)/.exec(error.detail ?? '')?.[1] ?? '';
      return field ? valueTaken(field, value) : new Conflict();
    }
    case '23503':
      return new ApiError(409, 'app.error.in_use');
    case '22P02':
    case '22003':
    case '22001':
      return new BadRequest();
    // A deadlock or a serialization failure: PostgreSQL ended this transaction for another's sake. Nothing of it
    // was kept, and the same request tried again goes through: a moment's unavailability, not a server error.
    case '40P01':
    case '40001':
      return new ApiError(503, 'app.error.concurrent_change');
    default:
      return undefined;
  }
}

/** Fastify's own 4xx (unparseable JSON, body too large, unknown content type) in our words. */
function fromFastify(error: FastifyError): ApiError | undefined {
  const status = error.statusCode ?? 500;
  if (status >= 500) return undefined;
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return new BadRequest('app.error.invalid_json');
  if (status === 413) return new ApiError(413, 'app.error.too_large');
  if (status === 415) return new ApiError(415, 'app.error.unsupported_media_type');
  if (status === 429) return new TooManyRequests(60);
  return new BadRequest();
}

function envelope(error: ApiError, locale: ServerLocale, resource: string | undefined): Failure {
  const body: Failure = { success: false, message: '', error_code: error.statusCode };
  let args: MessageArgs = error.args;
  if (typeof args.field === 'string') args = { ...args, field: fieldLabel(locale, resource, args.field) };
  if (Object.keys(error.fields).length > 0) {
    const errors = Object.fromEntries(
      Object.entries(error.fields).map(([field, message]) => [field, translate(locale, message.key, message.args)]),
    );
    body.errors = errors;
    const details = Object.entries(errors).map(([field, problem]) =>
      translate(locale, 'app.error.field_problem', { field: fieldLabel(locale, resource, field), problem }),
    );
    args = { ...args, details: details.join(translate(locale, 'app.error.list_separator')) };
  } else if (error instanceof BadRequest) {
    args = { details: translate(locale, 'app.validation.invalid'), ...args };
  }
  if (error instanceof NotYet) body.data = error.data;
  body.message = translate(locale, error.messageKey, args);
  return body;
}

/** Answers an error as the envelope, in the caller's language (with Retry-After when throttled). */
export function sendError(request: FastifyRequest, reply: FastifyReply, apiError: ApiError) {
  if (apiError instanceof TooManyRequests || apiError instanceof ExportsBusy) reply.header('retry-after', String(apiError.retryAfterSeconds));
  if (apiError.statusCode === 503) reply.header('retry-after', '5');
  const locale = localeFromHeader(request.headers['accept-language']);
  return reply.status(apiError.statusCode).send(envelope(apiError, locale, request.routeOptions.config?.resource));
}

/** The one place where every error becomes the envelope, in the caller's language. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & DatabaseError, request: FastifyRequest, reply: FastifyReply) => {
    const known = error instanceof ApiError ? error : (fromDatabase(error) ?? fromFastify(error));
    const apiError = known ?? new ApiError(500, 'app.error.internal');
    if (!known) request.log.error({ err: error }, 'unhandled error');
    // Why the database refused: away, or the transaction ended for a concurrent one.
    else if (apiError.statusCode === 503) request.log.warn({ err: error }, apiError.messageKey);
    return sendError(request, reply, apiError);
  });
}

/**
 * The router's refusals of an address it cannot match (a broken %-escape, a path parameter over 100
 * characters), which reach no route: the envelope too.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sendError(request, reply, error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? new ApiError(414, 'app.error.too_large') : new BadRequest());
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendError(request, reply, new ApiError(404, 'app.error.route_not_found', { method: request.method, url: request.url.split('?')[0] }));
}

/**
 * Node's refusals of a request it cannot read (an address or headers over 16 kB, a broken request
 * line, a request that never finished arriving), which no route or hook sees: the envelope too, in
 * the language the bytes that did arrive ask for, where they say.
 */
export function answerClientError(error: ConnectionError, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const apiError =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new ApiError(431, 'app.error.too_large')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new ApiError(408, 'app.error.request_timeout')
        : new BadRequest();
  // A Buffer at run time, whatever the type says.
  const arrived = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '';
  const acceptLanguage = /\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(arrived)?.[1];
  const body = JSON.stringify(envelope(apiError, localeFromHeader(acceptLanguage), undefined));
  const status = apiError.statusCode;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
