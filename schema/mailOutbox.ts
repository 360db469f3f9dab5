import { places } from './places';
import { z } from 'zod';
import { defineEntity } from './entity';
import { choice, datetime, integer, readOnly, reference, text, textarea } from './fields';
import { voucher } from './voucher';

/**
 * Where a mail stands: `queued` waits for its next attempt, `sending` is being handed to the SMTP
 * server by one instance, `sent` was taken, `failed` gave up after the last attempt allowed.
 */
export const mailStatuses = ['queued', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];

/** One attempt's outcome: taken, refused by the server (its code and answer kept), or no server answered. */
export const mailAttemptOutcomes = ['sent', 'refused', 'unreachable'] as const;
export type MailAttemptOutcome = (typeof mailAttemptOutcomes)[number];

/**
 * The mail outbox (`/mail_outbox`): every mail the server sends goes through it, written in the
 * transaction of the action that causes it and delivered by the delivery loop (server/mail/). Its
 * rows are the server's alone: the console lists them and sends one again.
 */
export const mailOutbox = defineEntity({
  ...places.mailOutbox,
  table: 'mail_outbox',
  // The store searches the recipients and the subject (server/routes/mailOutbox.ts).
  keyword: [],
  fields: {
    subject: readOnly(text({ required: true, max: 998, list: true })),
    text: readOnly(textarea({ max: 100_000 })),
    status: readOnly(choice(mailStatuses, { required: true, list: true, filter: true })),
    /** The voucher the mail carries; null once that voucher is deleted. */
    voucher_id: readOnly(reference(() => voucher, { as: 'voucher', list: true })),
    /** Attempts since it was queued (a resend starts again from 0); the delivery gives up at MAIL_MAX_ATTEMPTS. */
    attempt_count: readOnly(integer({ list: true })),
    created_at: readOnly(datetime({ required: true, list: true, sortable: true })),
    last_attempt_at: readOnly(datetime({ list: true })),
    /** When a queued mail is tried next. */
    next_attempt_at: readOnly(datetime()),
    sent_at: readOnly(datetime()),
  },
});

/** One attempt to hand a mail to the SMTP server, as recorded. */
export const mailAttempt = z.object({
  attempted_at: z.number(),
  outcome: z.enum(mailAttemptOutcomes),
  /** The SMTP reply code (250, 451, 550...); null when no server answered. */
  smtp_code: z.number().int().nullable(),
  /** The server's answer, or why none came (connection refused, timeout). */
  response: z.string(),
});

/** A mail as the server answers it: the recipients and every attempt, newest first (the last 20). */
export const mailOutboxRecord = mailOutbox.record.extend({
  to: z.array(z.string()),
  attempts: z.array(mailAttempt),
});

/** `GET /api/v1/mail_outbox/delivery`: whether this server delivers mail at all (SMTP_URL set), and its bounds. */
export const mailDeliveryState = z.object({
  delivering: z.boolean(),
  max_attempts: z.number().int(),
  retention_days: z.number(),
});
