import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config';
import type { Executor } from '../db/client';
import { mailOutbox } from '../db/schema';
import { ApiError } from '../errors';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

export interface Mailer {
  /** Where mail goes, for the log and the tests: 'smtp' or 'outbox'. */
  kind: 'smtp' | 'outbox';
  /** Sends it, or keeps it in the outbox; a server that refuses it is a 502 the caller can show. */
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * The one way the server sends mail: over SMTP when `SMTP_URL` names a server, otherwise into the
 * `mail_outbox` table with a warning in the log, so nothing written is lost and nothing is
 * silently dropped on an installation that has no mail server yet.
 */
export function createMailer(config: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>, db: Executor, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        try {
          await transport.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
        } catch (error) {
          log.error({ err: error, to: mail.to }, 'the SMTP server did not take the mail');
          throw new ApiError(502, 'app.error.mail_failed');
        }
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  return {
    kind: 'outbox',
    async send(mail) {
      const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
      // A warning: on a real installation, mail that nobody delivers is something to notice.
      log.warn({ outbox_id: row.id, to: mail.to, subject: mail.subject }, 'mail kept in the outbox: SMTP_URL is not set');
    },
    close: () => undefined,
  };
}
