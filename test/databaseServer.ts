import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../server/db/embeddedPostgres';
import { startServer } from './api/server';
import { createScratchDatabase, type ScratchDatabase } from './scratchDatabase';

/**
 * Jest's global setup: the PostgreSQL server the suites make their databases on (one per test
 * file). TEST_DATABASE_URL names one; without it, an embedded cluster of the product's own kind
 * runs for this jest run alone, durability traded for speed, as nothing in it outlives the run.
 *
 * On it, two databases migrated and seeded once for the whole run, with and without the demo
 * (TEST_TEMPLATE_DEMO, TEST_TEMPLATE_BARE): a suite's server starts on a copy of one (test/api/server.ts),
 * made in 0.3 s, instead of migrating and seeding its own: a suite with one server took 3-4 s less.
 *
 * And the server's bundle, which the suites that run it as a process of its own start
 * (test/serverProcess.ts): built from the sources as they are now, never an earlier build's.
 */
const holder = globalThis as { testCluster?: { server: EmbeddedPostgres; dir: string }; testTemplates?: ScratchDatabase[] };
const quiet = { debug() {}, info() {}, warn() {}, error: (object: object, message: string) => console.error(message, object) };

export default async function setup() {
  // Both projects that use a database name this setup; the first one to run does the work.
  if (holder.testTemplates) return;
  execFileSync('npm', ['run', '--silent', 'build:server'], { stdio: 'inherit' });
  if (!process.env.TEST_DATABASE_URL) {
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
  const serverUrl = process.env.TEST_DATABASE_URL;
  holder.testTemplates = [];
  for (const [variable, demo] of [['TEST_TEMPLATE_DEMO', true], ['TEST_TEMPLATE_BARE', false]] as const) {
    const template = await createScratchDatabase(serverUrl, `cc_template_${demo ? 'demo' : 'bare'}`);
    holder.testTemplates.push(template);
    // What a suite's server leaves after its first start, stopped: a template has no one connected.
    await (await startServer({ seedDemo: demo }, template.url)).stop();
    process.env[variable] = new URL(template.url).pathname.slice(1);
  }
}

export async function teardown() {
  for (const template of holder.testTemplates ?? []) await template.drop();
  const cluster = holder.testCluster;
  if (!cluster) return;
  await cluster.server.stop();
  rmSync(cluster.dir, { recursive: true, force: true });
}
