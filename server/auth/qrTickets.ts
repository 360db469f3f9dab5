import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { qrTickets } from '../db/schema';
import { hashToken, newToken, type Client } from './sessions';

export type QrTicketRow = typeof qrTickets.$inferSelect;

const live = () => gt(qrTickets.expires_at, sql`now()`);

/** A new code: the ticket goes into the image, the binding into the asking browser's cookie. */
export async function issueTicket(db: Executor, ttlMs: number, requester: Client) {
  const ticket = newToken();
  const binding = newToken();
  const now = Date.now();
  await db.insert(qrTickets).values({
    ticket_hash: hashToken(ticket),
    binding_hash: hashToken(binding),
    created_at: new Date(now),
    expires_at: new Date(now + ttlMs),
    requester_ip: requester.ip,
    requester_user_agent: requester.userAgent,
  });
  return { ticket, binding };
}

/**
 * The unexpired ticket a secret points at: the code's ticket (what the phone holds) or the
 * binding (what the asking browser's cookie holds).
 */
export async function liveTicket(db: Executor, by: 'ticket' | 'binding', secretValue: string): Promise<QrTicketRow | undefined> {
  const column = by === 'ticket' ? qrTickets.ticket_hash : qrTickets.binding_hash;
  const [row] = await db
    .select()
    .from(qrTickets)
    .where(and(eq(column, hashToken(secretValue)), live()));
  return row;
}

/** A phone has opened the code's page: the console can say so. */
export async function markScanned(db: Executor, id: number) {
  await db.update(qrTickets).set({ status: 'scanned' }).where(and(eq(qrTickets.id, id), eq(qrTickets.status, 'pending')));
}

/** Confirms or refuses once; false when the ticket was decided already or has expired. */
export async function decide(db: Executor, id: number, userId: number, decision: 'confirmed' | 'refused'): Promise<boolean> {
  const decided = await db
    .update(qrTickets)
    .set({ status: decision, user_id: userId, decided_at: sql`now()` })
    .where(and(eq(qrTickets.id, id), inArray(qrTickets.status, ['pending', 'scanned']), live()))
    .returning({ id: qrTickets.id });
  return decided.length === 1;
}

/** Hands a confirmed ticket over exactly once: the user it was confirmed by, or nothing. */
export async function collect(db: Executor, id: number): Promise<number | undefined> {
  const [collected] = await db
    .update(qrTickets)
    .set({ status: 'collected', collected_at: sql`now()` })
    .where(and(eq(qrTickets.id, id), eq(qrTickets.status, 'confirmed'), live()))
    .returning({ userId: qrTickets.user_id });
  return collected?.userId ?? undefined;
}
