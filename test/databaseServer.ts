import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../server/db/embeddedPostgres';

/**
 * Jest's global setup: the PostgreSQL server the suites make their databases on (one per test
 * file). TEST_DATABASE_URL names one; without it, an embedded cluster of the product's own kind
 * runs for this jest run alone, durability traded for speed, as nothing in it outlives the run.
 */
const holder = globalThis as { testCluster?: { server: EmbeddedPostgres; dir: string } };
const quiet = { debug() {}, info() {}, warn() {}, error: (object: object, message: string) => console.error(message, object) };

export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const dir = mkdtempSync(path.join(tmpdir(), 'cc-test-cluster-'));
  const server = await startEmbeddedPostgres({
    dataDir: dir,
    log: quiet,
    database: 'postgres',
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
  });
  holder.testCluster = { server, dir };
  // Worker processes start after this and inherit it.
  process.env.TEST_DATABASE_URL = server.url;
}

export async function teardown() {
  const cluster = holder.testCluster;
  if (!cluster) return;
  await cluster.server.stop();
  rmSync(cluster.dir, { recursive: true, force: true });
}
