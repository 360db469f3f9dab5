import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from '../../serverProcess';
import { signIn } from '../client';
import { ADMIN_PASSWORD } from '../server';
import { throwawayCluster, type ThrowawayCluster } from './cluster';
import { FULL, report } from './settings';
import { traffic, type Answered } from './traffic';

// PostgreSQL stopped or killed while clients keep calling: meanwhile every call is answered, and
// quickly, with 503 in the envelope (never a 500, never a hang), /healthz stays 200, and once the
// database is back every call succeeds again without anyone restarting the server.
const CLIENTS = 20;
const DOWN_MS = 3_000;
// No answer may take longer, whatever the database does (the pool gives up connecting after 5 s).
const ANSWER_BOUND_MS = 10_000;
const UNAVAILABLE = { success: false, error_code: 503, message: 'データベースが現在応答していません。しばらくしてからもう一度お試しください' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const running: ServerProcess[] = [];
const cleanups: (() => void)[] = [];
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
  for (const cleanup of cleanups) cleanup();
});

/** Traffic, the cut, `DOWN_MS` later the restore (if any), then traffic until the server has recovered; the checks. */
async function survive(url: string, cut: () => void, restore: () => void) {
  const token = await signIn(url, 'admin', ADMIN_PASSWORD);
  const load = traffic(url, token, CLIENTS);
  await sleep(1_000);
  const cutAt = load.since();
  cut();
  await sleep(DOWN_MS);
  const restoredAt = load.since();
  restore();
  const recovered = () => load.answers.find((answer) => answer.at > restoredAt && answer.call === 'list' && answer.status === 200);
  for (const deadline = Date.now() + 30_000; !recovered() && Date.now() < deadline; ) await sleep(100);
  const recoveredAt = recovered()?.at;
  await sleep(1_000);
  const answers = await load.stop();

  const statuses = (list: Answered[]) => [...new Set(list.map((answer) => answer.status))].sort();
  expect(recoveredAt).toBeDefined();
  expect(statuses(answers.filter((answer) => answer.call === 'healthz'))).toEqual([200]);
  expect(statuses(answers.filter((answer) => answer.at > cutAt && answer.at < restoredAt && answer.call !== 'healthz'))).toContain(503);
  for (const answer of answers.filter((answer) => answer.status !== 200)) expect(answer.body).toEqual(UNAVAILABLE);
  expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(ANSWER_BOUND_MS);
  // Recovered means for good: every call sent after the first success succeeds.
  expect(statuses(answers.filter((answer) => answer.at > recoveredAt!))).toEqual([200]);
  return {
    requests: answers.length,
    unavailable: answers.filter((answer) => answer.status === 503).length,
    slowestMs: Math.max(...answers.map((answer) => answer.ms)),
    recoveredMsAfterRestore: recoveredAt! - restoredAt,
  };
}

describe('an external PostgreSQL (a throwaway cluster of Debian\'s 15)', () => {
  let cluster: ThrowawayCluster;
  let url: string;
  beforeAll(async () => {
    cluster = await throwawayCluster();
    cleanups.push(() => cluster.remove());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cc-outage-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = startServerProcess({ DATABASE_URL: cluster.url, DATA_DIR: dataDir, ADMIN_PASSWORD, SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
    running.push(server);
    url = await server.ready;
  }, 120_000);

  const modes = FULL ? (['immediate', 'fast'] as const) : (['immediate'] as const);
  test.each(modes)('pg_ctl stop -m %s under load, then start: 503 meanwhile, recovered by itself', async (mode) => {
    const figures = await survive(
      url,
      () => cluster.stop(mode),
      () => cluster.start(),
    );
    report(`outage external ${mode}`, figures);
  }, 90_000);
});

// The embedded PostgreSQL's outages only in the full run: CI has one outage, and embeddedPostgres.test.ts's.
if (FULL) describe('the embedded PostgreSQL, which the server restarts itself', () => {
  let dataDir: string;
  let server: ServerProcess;
  let url: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cc-outage-embedded-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    server = startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD, SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
    running.push(server);
    url = await server.ready;
  }, 120_000);
  const postmaster = () => Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

  // SIGKILL is a crash, SIGQUIT pg_ctl's immediate stop, SIGINT its fast stop.
  test.each(['SIGKILL', 'SIGQUIT', 'SIGINT'] as const)('the postmaster gets %s under load: 503 meanwhile, restarted and recovered by itself', async (signal) => {
    const before = postmaster();
    const said = server.output().length;
    const figures = await survive(
      url,
      () => process.kill(before, signal),
      () => undefined,
    );
    expect(postmaster()).not.toBe(before);
    expect(server.output().slice(said)).toContain('the embedded PostgreSQL stopped unexpectedly: restarting it');
    report(`outage embedded ${signal}`, figures);
  }, 90_000);
});
