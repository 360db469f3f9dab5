import cookie from '@fastify/cookie';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import { failure, failures, success } from '../../schema/envelope';
import { QR_LINK_HEADER } from '../../schema/headers';
import { hasConsoleRole } from '../../schema/privileges';
import { recordSignEvent } from '../auditTrail';
import { QR_BINDING_COOKIE, qrCheckAnswer, qrConfirmBody, qrDetailsQuery, qrTicketDetails, qrWaiting } from '../../schema/qr';
import { privilegeSet, sendPrivileges } from '../auth/plugin';
import { collect, decide, issueTicket, liveTicket, markScanned } from '../auth/qrTickets';
import { clientOf } from '../auth/sessions';
import { assertNotThrottled, recordAttempt } from '../auth/throttle';
import { users } from '../db/schema';
import { Conflict, Forbidden, NotFound, NotYet } from '../errors';
import { caller } from '../types';
import { openSession, toUserInfo } from './auth';

const COOKIE_PATH = '/api/v1/auth';

/**
 * Sign-in by QR code. The console shows a code holding a one-time ticket; a signed-in user opens
 * the code's link (the mini-program, or the confirm page) and confirms; the console's poll then
 * collects the session. Only the browser that asked for the code (it holds the binding cookie)
 * can collect it, and only once.
 */
export const qrSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only these routes read or set a cookie: no other request pays for parsing them.
  await app.register(cookie);
  const { db, appConfig } = app;
  const policy = appConfig.qrSignIn;
  const expired = () => new NotFound('app.error.qr_expired');
  const consoleUrl = (request: FastifyRequest) => appConfig.publicUrl ?? `${request.protocol}://${request.host}`;
  /** Where and how the binding cookie lives: the same when it is set and when it is cleared. */
  const bindingCookie = (request: FastifyRequest) =>
    ({ path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https' }) as const;
  const forgetBinding = (request: FastifyRequest, reply: FastifyReply) => reply.clearCookie(QR_BINDING_COOKIE, bindingCookie(request));

  app.get('/api/v1/auth/qrcode.png', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'A new QR code to sign in with, as a PNG',
      description:
        `The code holds PUBLIC_URL/qr/confirm?ticket=T (also in the ${QR_LINK_HEADER} header). The answer sets the ` +
        `${QR_BINDING_COOKIE} cookie that binds the ticket to this browser; it expires with the ticket.`,
      response: { 429: failure },
    },
    handler: async (request, reply) => {
      const keys = [{ key: `qr:${request.ip}`, limit: policy.perAddress }];
      await assertNotThrottled(db, policy.windowMs, keys);
      await recordAttempt(db, policy.windowMs, keys);
      const { ticket, binding } = await issueTicket(db, policy.ttlMs, clientOf(request));
      const link = `${consoleUrl(request)}/qr/confirm?ticket=${ticket}`;
      const png = await QRCode.toBuffer(link, { type: 'png', width: 240, margin: 2, errorCorrectionLevel: 'M' });
      return reply
        .setCookie(QR_BINDING_COOKIE, binding, { ...bindingCookie(request), maxAge: Math.ceil(policy.ttlMs / 1000) })
        .header('cache-control', 'no-store')
        .header(QR_LINK_HEADER, link)
        .type('image/png')
        .send(png);
    },
  });

  app.post('/api/v1/auth/qrcode/check', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: "The console's poll for its code (identified by the binding cookie)",
      description:
        '`success: true` only when it hands over the session, as a password sign-in answers it (privileges in ' +
        'x-privileges), so a client polls until success or an expiry code. Every other answer is `success: false`: ' +
        'HTTP 202 with `error_code` 202 and `data.status` `pending` (not scanned yet) or `scanned` (opened on a phone, ' +
        'not decided yet) while waiting; 403 refused on the phone; 404 expired, already used or unknown.',
      response: { 200: success(qrCheckAnswer), 202: qrWaiting, 403: failure, 404: failure },
    },
    handler: async (request, reply) => {
      const binding = request.cookies[QR_BINDING_COOKIE];
      const row = binding ? await liveTicket(db, 'binding', binding) : undefined;
      if (!row || row.status === 'collected') {
        forgetBinding(request, reply);
        throw expired();
      }
      if (row.status === 'pending' || row.status === 'scanned') throw new NotYet(`app.error.qr_${row.status}`, { status: row.status });
      if (row.status === 'refused') throw new Forbidden('app.error.qr_refused');

      const signedIn = await db.transaction(async (tx) => {
        const userId = await collect(tx, row.id);
        if (userId === undefined) return undefined;
        const [user] = await tx.select().from(users).where(eq(users.user_id, userId));
        // Deactivated, or stripped of console roles, between the confirmation and now.
        if (!user || user.status !== 'active' || !hasConsoleRole(user.roles)) return undefined;
        await recordSignEvent(tx, request, 'sign_in', user);
        return { user, token: await openSession(app, request, user.user_id, tx) };
      });
      forgetBinding(request, reply);
      if (!signedIn) throw expired();
      sendPrivileges(reply, privilegeSet(signedIn.user.roles));
      return { success: true as const, data: { status: 'success' as const, token: signedIn.token, user_info: toUserInfo(signedIn.user) } };
    },
  });

  app.get('/api/v1/auth/qrcode/ticket', {
    config: { access: 'session' },
    schema: {
      tags: ['auth'],
      summary: 'What a code asks for (which console, which browser), for the phone to decide; marks it scanned',
      description:
        'Also what the confirm page reads to know whether the code can still be decided: `status` `scanned` (it ' +
        'can), `confirmed` or `refused` (decided already), `collected` (used to sign in). An expired or unknown ' +
        'code answers 404. Reading a decided code changes nothing.',
      querystring: qrDetailsQuery,
      response: { 200: success(qrTicketDetails), ...failures },
    },
    handler: async (request) => {
      const row = await liveTicket(db, 'ticket', request.query.ticket);
      if (!row) throw expired();
      if (row.status === 'pending') await markScanned(db, row.id);
      return {
        success: true as const,
        data: {
          status: row.status === 'pending' ? ('scanned' as const) : row.status,
          console_url: consoleUrl(request),
          requester_ip: row.requester_ip,
          requester_user_agent: row.requester_user_agent,
          created_at: row.created_at.getTime(),
          expires_at: row.expires_at.getTime(),
        },
      };
    },
  });

  app.post('/api/v1/auth/qrcode/confirm', {
    config: { access: 'session' },
    schema: {
      tags: ['auth'],
      summary: 'Confirm (or, with refuse: true, refuse) the sign-in a code asks for, as the signed-in user',
      description: 'Only users who may use the console can confirm (403 otherwise); a code is decided once (409), until it expires (404).',
      body: qrConfirmBody,
      response: { 200: success(z.object({ status: z.enum(['confirmed', 'refused']) })), ...failures },
    },
    handler: async (request) => {
      const { user } = caller(request);
      const { ticket, refuse } = request.body;
      const row = await liveTicket(db, 'ticket', ticket);
      if (!row) throw expired();
      if (!refuse && !hasConsoleRole(user.roles)) throw new Forbidden('app.error.no_permission');
      const decision = refuse ? ('refused' as const) : ('confirmed' as const);
      if (!(await decide(db, row.id, user.user_id, decision))) throw new Conflict('app.error.qr_used');
      return { success: true as const, data: { status: decision } };
    },
  });
};
