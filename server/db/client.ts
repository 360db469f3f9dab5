import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { actorSetting } from '../auditTrail';
import { CannotStart } from '../errors';
import { importPgliteOnce } from './importPglite';
import { startEmbeddedPostgres, type EmbeddedPostgres, type Log } from './embeddedPostgres';
import { migrateDatabase } from './migrate';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle offers the same queries as the database. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** The rows of a statement run with `execute`, as its columns are named in the SQL. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface DatabaseHandle {
  db: Database;
  /** `embedded`: the PostgreSQL this server runs under DATA_DIR; `external`: the one at DATABASE_URL. */
  kind: 'embedded' | 'external';
  /** The connection string, for a connection of its own outside the pool (the session listener's). */
  url: string;
  /** The embedded server, to stop it at once when the process cannot wait. */
  embedded?: EmbeddedPostgres;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL server; when absent the server runs its own under `dataDir/postgres`. */
  databaseUrl?: string;
  dataDir: string;
  migrationsDir: string;
  /** Connections kept to it (config's `poolSize`). */
  poolSize: number;
  log: Log;
}

// Any fixed number: every instance that migrates the same database takes the same lock.
const MIGRATION_LOCK = 727_001;

/** Opens the database (starting the embedded one when no server is named) and brings its schema up to date. */
export async function openDatabase({ databaseUrl, dataDir, migrationsDir, poolSize, log }: DatabaseOptions): Promise<DatabaseHandle> {
  const embedded = databaseUrl ? undefined : await startEmbeddedPostgres({ dataDir, log });
  try {
    const url = databaseUrl ?? embedded!.url;
    const pool = await openPool(url, migrationsDir, poolSize);
    if (embedded) await importPgliteOnce(dataDir, pool, migrationsDir, log).catch(async (error) => {
      await pool.end();
      throw error;
    });
    const db = drizzle({ client: pool, schema }) as unknown as Database;
    return {
      db,
      kind: embedded ? 'embedded' : 'external',
      url,
      embedded,
      ping: async () => void (await db.execute(sql`select 1`)),
      close: async () => {
        await pool.end();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}

/**
 * A connection whose transactions carry the actor of the request they serve: its `begin` goes with
 * the setting the audit trigger reads, in the same round trip (server/auditTrail.ts).
 */
class ActorClient extends pg.Client {
  // pg's overloads: the first argument is the statement's text or its config.
  query(...args: unknown[]): never {
    const [statement] = args;
    const text = typeof statement === 'string' ? statement : (statement as { text?: string } | undefined)?.text;
    if (text && /^begin\b/i.test(text)) {
      const setting = actorSetting((value) => this.escapeLiteral(value));
      if (setting) args[0] = typeof statement === 'string' ? `${text}; ${setting}` : { ...(statement as object), text: `${text}; ${setting}` };
    }
    return (super.query as (...passed: unknown[]) => never)(...args);
  }
}

/** The first connection failed for a reason the operator can act on; the message names the server, never the password. */
export class CannotReachDatabase extends CannotStart {
  constructor(url: string, cause: pg.DatabaseError | NodeJS.ErrnoException) {
    const { server, createdb, database, user } = partsOf(url);
    const reason =
      cause.code === '3D000'
        ? `The database "${database}" does not exist on ${server}. Create it (${createdb}), or set DATABASE_URL to one that exists.`
        : cause.code === '28P01' || cause.code === '28000'
          ? `${server} refused the user "${user}": ${cause.message}. Check the user and password in DATABASE_URL.`
          : `${server} cannot be reached (${cause.code ?? cause.message}). Start it, or set DATABASE_URL to a server that runs.`;
    super(reason, { cause });
  }
}

function partsOf(url: string) {
  try {
    const parsed = new URL(url);
    const host = parsed.searchParams.get('host') ?? (decodeURIComponent(parsed.hostname) || 'localhost');
    const port = parsed.port || '5432';
    const user = decodeURIComponent(parsed.username) || process.env.PGUSER || 'postgres';
    const database = decodeURIComponent(parsed.pathname.slice(1)) || user;
    return { server: `PostgreSQL at ${host}:${port}`, createdb: `createdb -h ${host} -p ${port} -U ${user} ${database}`, database, user };
  } catch {
    return { server: 'The PostgreSQL server DATABASE_URL names', createdb: 'createdb', database: 'named in DATABASE_URL', user: 'named in DATABASE_URL' };
  }
}

async function openPool(url: string, migrationsDir: string, poolSize: number): Promise<pg.Pool> {
  // No JIT on our connections, as the embedded server is set up: the console's statements run in milliseconds, and
  // compiling one the planner overestimates (a dashboard of 30 days' subqueries) took 240 ms of a 260 ms answer.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000, Client: ActorClient, options: '-c jit=off' });
  // A client that loses its server must not bring the process down, idle (the pool's error) or checked out between
  // two statements of a transaction (its own, unheard otherwise): the next query reports it, as a 503.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    const lockClient = await pool.connect().catch((error: unknown) => {
      throw new CannotReachDatabase(url, error as pg.DatabaseError);
    });
    try {
      // Several instances may start at once against one server: one migrates, the others wait.
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrateDatabase(lockClient, migrationsDir);
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      lockClient.release();
    }
    return pool;
  } catch (error) {
    await pool.end();
    throw error;
  }
}
