import { z } from 'zod';
import { userInfo } from './auth';
import { failure } from './envelope';

/** The cookie that binds a QR ticket to the browser that asked for the code. */
export const QR_BINDING_COOKIE = 'qr_binding';

export const qrTicket = z.string().trim().min(20).max(100);

export const qrConfirmBody = z.object({
  ticket: qrTicket,
  /** Refuse the sign-in instead of confirming it. */
  refuse: z.boolean().optional(),
});

export const qrDetailsQuery = z.object({ ticket: qrTicket });

/** What the phone sees before deciding: which console asks, from which browser, until when. */
export const qrTicketDetails = z.object({
  status: z.enum(['pending', 'scanned', 'confirmed', 'refused', 'collected']),
  console_url: z.string(),
  requester_ip: z.string(),
  requester_user_agent: z.string(),
  created_at: z.number().int(),
  expires_at: z.number().int(),
});
export type QrTicketDetails = z.infer<typeof qrTicketDetails>;

/**
 * The console's poll succeeds only when it hands over the session (as a password sign-in answers
 * it). Every other answer is a failure: still waiting (202, below), refused (403), expired or
 * spent (404).
 */
export const qrCheckAnswer = z.object({
  status: z.literal('success'),
  token: z.string(),
  user_info: userInfo,
});
export type QrCheckAnswer = z.infer<typeof qrCheckAnswer>;

/** Nobody has decided yet: the code is waiting to be scanned, or scanned and waiting for the phone. */
export const qrWaiting = failure.extend({
  error_code: z.literal(202),
  data: z.object({ status: z.enum(['pending', 'scanned']) }),
});
export type QrWaiting = z.infer<typeof qrWaiting>;
