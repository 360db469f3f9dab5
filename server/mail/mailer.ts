import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { MailAttemptOutcome } from '../../schema/mailOutbox';
import type { AppConfig, MailDeliveryPolicy } from '../config';
import type { Database, Executor } from '../db/client';
import { mailAttempts, mailOutbox } from '../db/schema';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  /** The voucher the mail carries, for the outbox screen. */
  voucherId?: number;
}

export interface Mailer {
  /** Whether this server delivers mail at all: false without SMTP_URL, when mail waits in the outbox. */
  delivering: boolean;
  /**
   * Writes the mail into the outbox in the caller's transaction, so it exists exactly when the
   * action that causes it commits; call `wake` after the commit to try it at once.
   */
  queue(tx: Executor, mail: Mail): Promise<number>;
  /** Looks for due mail now rather than at the next poll. */
  wake(): void;
  /** One round of delivery: every mail due now is tried once. Answers how many were tried. */
  deliverDue(): Promise<number>;
  /** Stops the loop, waiting for a round in flight. */
  close(): Promise<void>;
}

/** What one attempt met, as recorded in `mail_attempts`. */
interface AttemptResult {
  outcome: MailAttemptOutcome;
  smtpCode: number | null;
  response: string;
}

/** Mail claimed per statement; a round goes on claiming until nothing is due. */
const BATCH = 20;
/**
 * How long a claimed mail is left to the instance sending it: longer than a send can take (the
 * transport's timeouts below), after which an instance that died mid-send is taken to have failed.
 */
const LEASE_MS = 120_000;
const TRANSPORT_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/** The wait before the next attempt after `failures` failed ones: doubling from the base, capped. */
export const retryDelayMs = (policy: MailDeliveryPolicy, failures: number) => Math.min(policy.retryMaxMs, policy.retryBaseMs * 2 ** Math.max(0, failures - 1));

/** An SMTP error as the attempt records it: a reply code means the server answered and refused. */
function failureOf(error: unknown): AttemptResult {
  const { responseCode, response, message } = error as { responseCode?: number; response?: string; message?: string };
  if (typeof responseCode === 'number') return { outcome: 'refused', smtpCode: responseCode, response: response || message || '' };
  return { outcome: 'unreachable', smtpCode: null, response: message || String(error) };
}

/** The SMTP reply code at the start of an answer ("250 2.0.0 Ok: queued"). */
const replyCode = (response: string | undefined) => {
  const code = Number(/^(\d{3})/.exec(response ?? '')?.[1]);
  return Number.isInteger(code) ? code : null;
};

/**
 * The one way the server sends mail: into `mail_outbox`, then out by a delivery loop that claims
 * due mail with `FOR UPDATE SKIP LOCKED` (so several instances on one database never send one mail
 * twice), hands it to the SMTP server of `SMTP_URL`, records each attempt and backs off
 * exponentially after a failure, marking the mail failed after `maxAttempts`. Without `SMTP_URL`
 * nothing is delivered: mail stays queued (with a warning in the log) until a server is configured.
 */
export function createMailer(config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'mailDelivery'>, db: Database, log: FastifyBaseLogger): Mailer {
  const policy = config.mailDelivery;
  const transport = config.smtpUrl ? nodemailer.createTransport({ url: config.smtpUrl, ...TRANSPORT_TIMEOUTS }) : undefined;

  /** Claims due mail: a claimed row is `sending` with its lease as next attempt, so no other instance takes it meanwhile. */
  async function claim() {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.status, ['queued', 'sending']), sql`${mailOutbox.next_attempt_at} <= now()`))
      .orderBy(mailOutbox.next_attempt_at, mailOutbox.id)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({ status: 'sending', next_attempt_at: sql`now() + ${`${LEASE_MS} milliseconds`}::interval` })
      .where(inArray(mailOutbox.id, due))
      .returning({ id: mailOutbox.id, to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text, attempt_count: mailOutbox.attempt_count });
  }

  async function attempt(mail: { to: string[]; subject: string; text: string }): Promise<AttemptResult> {
    try {
      const info = await transport!.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
      return { outcome: 'sent', smtpCode: replyCode(info.response), response: info.response ?? '' };
    } catch (error) {
      return failureOf(error);
    }
  }

  /** The attempt and where it leaves the mail, in one transaction: sent, failed for good, or queued for its next try. */
  async function record(id: number, attemptsBefore: number, result: AttemptResult) {
    const attempts = attemptsBefore + 1;
    const gaveUp = result.outcome !== 'sent' && attempts >= policy.maxAttempts;
    await db.transaction(async (tx) => {
      await tx.insert(mailAttempts).values({ mail_id: id, outcome: result.outcome, smtp_code: result.smtpCode, response: result.response });
      await tx
        .update(mailOutbox)
        .set({
          attempt_count: attempts,
          last_attempt_at: sql`now()`,
          status: result.outcome === 'sent' ? 'sent' : gaveUp ? 'failed' : 'queued',
          sent_at: result.outcome === 'sent' ? sql`now()` : undefined,
          next_attempt_at: result.outcome === 'sent' || gaveUp ? sql`now()` : sql`now() + ${`${retryDelayMs(policy, attempts)} milliseconds`}::interval`,
        })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
    });
    if (result.outcome === 'sent') log.info({ outbox_id: id, response: result.response }, 'mail sent');
    else if (gaveUp) log.error({ outbox_id: id, attempts, outcome: result.outcome, response: result.response }, 'mail failed: no more attempts');
    else log.warn({ outbox_id: id, attempts, outcome: result.outcome, response: result.response }, 'mail not sent: it will be tried again');
  }

  async function deliverDue() {
    if (!transport) return 0;
    let tried = 0;
    for (;;) {
      const claimed = await claim();
      for (const mail of claimed) await record(mail.id, mail.attempt_count, await attempt(mail));
      tried += claimed.length;
      if (claimed.length < BATCH) return tried;
    }
  }

  // The loop: one round at a time; a wake during a round runs another right after it.
  let round: Promise<void> | undefined;
  let again = false;
  let closed = false;
  const run = () => {
    if (closed || !transport) return;
    if (round) {
      again = true;
      return;
    }
    round = deliverDue()
      .then(() => undefined)
      .catch((error) => log.warn({ err: error }, 'mail delivery round failed'))
      .finally(() => {
        round = undefined;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = transport ? setInterval(run, policy.pollMs) : undefined;
  timer?.unref();
  // Mail left from before this start (or queued while no server answered) goes out without waiting a poll.
  if (transport) setImmediate(run);

  return {
    delivering: Boolean(transport),
    async queue(tx, mail) {
      const [row] = await tx
        .insert(mailOutbox)
        .values({ to: mail.to, subject: mail.subject, text: mail.text, voucher_id: mail.voucherId ?? null })
        .returning({ id: mailOutbox.id });
      // A warning: on a real installation, mail that nobody delivers is something to notice.
      if (!transport) log.warn({ outbox_id: row.id, to: mail.to, subject: mail.subject }, 'mail kept in the outbox: SMTP_URL is not set');
      return row.id;
    },
    wake: () => setImmediate(run),
    deliverDue,
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await round;
      transport?.close();
    },
  };
}
