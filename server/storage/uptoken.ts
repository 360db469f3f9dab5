import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { uploadKinds, type UploadKind } from '../../schema/files';
import type { Database } from '../db/client';
import { appMeta } from '../db/schema';

export const UPTOKEN_TTL_MS = 3_600_000;
const SECRET_KEY = 'upload_token_secret';

export interface UploadGrant {
  kind: UploadKind;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/**
 * The key that signs upload tokens: made once per installation and kept in the database, so every
 * instance signs and checks alike and no secret lives in the repository or the environment.
 */
export async function uploadTokenSecret(db: Database): Promise<Buffer> {
  await db.insert(appMeta).values({ key: SECRET_KEY, value: randomBytes(32).toString('hex') }).onConflictDoNothing();
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, SECRET_KEY));
  return Buffer.from(row.value, 'hex');
}

const signature = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

/** `payload.signature`, both base64url; the payload says which kind of file until when. */
export function signUploadToken(secret: Buffer, grant: UploadGrant): string {
  const payload = Buffer.from(JSON.stringify({ kind: grant.kind, exp: grant.expiresAt })).toString('base64url');
  return `${payload}.${signature(secret, payload)}`;
}

/** The grant a token carries, or undefined when it is forged, malformed or expired. */
export function verifyUploadToken(secret: Buffer, token: string, now = Date.now()): UploadGrant | undefined {
  const [payload, signed, ...rest] = token.split('.');
  if (!payload || !signed || rest.length > 0) return undefined;
  const expected = Buffer.from(signature(secret, payload));
  const given = Buffer.from(signed);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let claims: { kind?: unknown; exp?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const kind = uploadKinds.find((candidate) => candidate === claims.kind);
  if (!kind || typeof claims.exp !== 'number' || claims.exp <= now) return undefined;
  return { kind, expiresAt: claims.exp };
}
