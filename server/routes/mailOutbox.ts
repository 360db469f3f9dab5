import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { failures, idParams, success } from '../../schema/envelope';
import { mailDeliveryState, mailOutbox as mailOutboxEntity, mailOutboxRecord } from '../../schema/mailOutbox';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import { Conflict, NotFound } from '../errors';
import { entityRoutes, entityStore } from './entityRoutes';

type Row = Record<string, unknown>;

/** The last attempts of a mail, newest first, as the database builds them in the page's own statement. */
const attempts = sql<unknown[]>`(select coalesce(json_agg(json_build_object(
    'attempted_at', (extract(epoch from recent.attempted_at) * 1000)::bigint,
    'outcome', recent.outcome, 'smtp_code', recent.smtp_code, 'response', recent.response) order by recent.attempted_at desc, recent.id desc), '[]'::json)
  from (select * from mail_attempts where mail_attempts.mail_id = mail_outbox.id order by attempted_at desc, id desc limit 20) as recent)`;

const store = entityStore(mailOutboxEntity, mailOutbox, {
  computed: { to: sql<string[]>`mail_outbox."to"`, attempts },
  countedBy: [[], ['status']],
  idBlocks: true,
});

const resource = mailOutboxEntity.resource;
const tags = [resource];
const recordAnswer = success(mailOutboxRecord) as unknown as z.ZodType<{ success: true; data: Row }>;

/**
 * The mail outbox (`/mail_outbox`), the platform operator's alone (`mail:read`, `mail:resend`): the
 * mail carries voucher codes, and vouchers are operators' (a tenant administrator sees none of
 * them, so none of their mail either). List and read are the shared handlers; resend and the
 * delivery's state are this module's.
 */
export const mailOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const db: Database = app.db;

  await app.register(entityRoutes(store, { only: ['list', 'read'], record: mailOutboxRecord }));

  app.get(`${mailOutboxEntity.api}/delivery`, {
    config: { access: mailOutboxEntity.privileges.read, resource },
    schema: {
      tags,
      summary: 'Whether this server delivers mail (SMTP_URL set), and its retry and retention bounds',
      response: { 200: success(mailDeliveryState), ...failures },
    },
    handler: async () => {
      const { maxAttempts, retentionMs } = app.appConfig.mailDelivery;
      return { success: true as const, data: { delivering: app.mailer.delivering, max_attempts: maxAttempts, retention_days: retentionMs / 86_400_000 } };
    },
  });

  app.post(`${mailOutboxEntity.api}/:id/resend`, {
    config: { access: mailOutboxEntity.privileges.write, resource },
    schema: {
      tags,
      summary: 'Send a mail again: it is queued for an attempt now, with a fresh count of attempts',
      description:
        'A sent mail is sent once more (a copy), a failed one tried again, a queued one tried now rather than at its next ' +
        'attempt. Its attempts so far stay on record. A mail being handed to the SMTP server this moment answers 409.',
      params: idParams,
      response: { 200: recordAnswer, ...failures },
    },
    handler: async (request) => {
      const id = request.params.id;
      const data = await db.transaction(async (tx) => {
        const [found] = await tx
          .select({ status: mailOutbox.status, leased: sql<boolean>`${mailOutbox.next_attempt_at} > now()` })
          .from(mailOutbox)
          .where(eq(mailOutbox.id, id))
          .for('update');
        if (!found) throw new NotFound();
        // A claimed mail's lease has not run out: its sender is still at it, and a second send would duplicate it.
        if (found.status === 'sending' && found.leased) throw new Conflict(`resources.${resource}.errors.sending`);
        await tx.update(mailOutbox).set({ status: 'queued', attempt_count: 0, next_attempt_at: sql`now()` }).where(eq(mailOutbox.id, id));
        return store.read(tx, id);
      });
      app.mailer.wake();
      return { success: true as const, data };
    },
  });
};
