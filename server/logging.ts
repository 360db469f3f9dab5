import type { FastifyRequest } from 'fastify';
import { pino, type Logger } from 'pino';

/**
 * Query values that are credentials: a QR code's one-time ticket travels in the address the phone
 * opens (`/qr/confirm?ticket=`, `/api/v1/auth/qrcode/ticket?ticket=`), and a log is read by more
 * people than should confirm a sign-in with it.
 */
const CREDENTIAL_QUERY = /([?&](?:ticket|token)=)[^&#]*/gi;

export const redactedUrl = (url: string) => url.replace(CREDENTIAL_QUERY, '$1***');

/** The request as each log line shows it: Fastify's fields, the address without credentials. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The server's one logger: JSON lines on standard output at `level`. */
export const createLogger = (level: string): Logger => pino({ level, serializers: { req: requestForLog } });
