import { z } from 'zod';
import { userInfo } from './auth';

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
 * The console's poll: still waiting (pending, or scanned on a phone), refused there, or a session
 * (as a password sign-in answers it). An expired or unknown code answers 404.
 */
export const qrCheckAnswer = z.object({
  status: z.enum(['pending', 'scanned', 'refused', 'success']),
  token: z.string().optional(),
  user_info: userInfo.optional(),
});
export type QrCheckAnswer = z.infer<typeof qrCheckAnswer>;
