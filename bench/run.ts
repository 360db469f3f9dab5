import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { defaultConfig } from '../server/config';
import { createScratchDatabase } from '../test/scratchDatabase';

/**
 * Measures the server on the embedded database (what an operator gets by default), on a
 * PostgreSQL server when one is named, and the built console; compares each figure with
 * bench/budgets.json and fails past a budget.
 */
type Budgets = Record<string, number>;
const budgets = JSON.parse(readFileSync('bench/budgets.json', 'utf8')) as Record<'pglite' | 'postgres' | 'console', Budgets>;
const ADMIN_PASSWORD = 'bench-password';
const ROWS = 20_000;

interface Row {
  database: string;
  figure: string;
  measured: number;
  budget: number;
  lowerIsBetter: boolean;
}
const rows: Row[] = [];
const record = (database: string, figure: string, measured: number, budget: number, lowerIsBetter = true) =>
  rows.push({ database, figure, measured: Math.round(measured * 10) / 10, budget, lowerIsBetter });

interface LoadResult {
  latency: { p99: number };
  requests: { average: number };
  non2xx: number;
  errors: number;
}

/** 4 connections (a few operators at work) for 5 s, from a process of its own. */
async function load(url: string, token: string): Promise<LoadResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['node_modules/autocannon/autocannon.js', '--json', '-d', '5', '-c', '4', '-H', `authorization=Bearer ${token}`, url],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const result = JSON.parse(stdout) as LoadResult;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result;
}

async function measureServer(kind: 'pglite' | 'postgres', databaseUrl?: string) {
  const budget = budgets[kind];
  const startedAt = performance.now();
  const { app } = await buildApp({ ...defaultConfig(), databaseUrl, adminPassword: ADMIN_PASSWORD, logLevel: 'warn', consoleDir: undefined });
  record(kind, 'start: migrate + seed a fresh database (ms)', performance.now() - startedAt, budget.startupMs);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  await app.db.execute(
    sql`insert into carousel_groups (ucode, name, description)
        select 'bench-' || n, 'Bench group ' || n, 'Generated for the benchmark, number ' || n from generate_series(1, ${ROWS}) as n`,
  );
  await app.db.execute(sql`analyze carousel_groups`);

  const signInStart = performance.now();
  const signIn = await fetch(`${base}/api/v1/sys/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login_name: 'admin', password: ADMIN_PASSWORD }),
  });
  record(kind, 'sign-in, scrypt included (ms)', performance.now() - signInStart, budget.signInMs);
  const { data } = (await signIn.json()) as { data: { token: string } };

  const list = await load(`${base}/api/v1/carousel_groups?page=37&page_size=20&sort_by=name&order=asc`, data.token);
  record(kind, `list, page 37 of ${ROWS} rows sorted by name: p99 (ms)`, list.latency.p99, budget.listP99Ms);
  record(kind, 'list: requests per second', list.requests.average, budget.listRequestsPerSecond, false);
  const keyword = await load(`${base}/api/v1/carousel_groups?keyword=group%201234&page_size=10`, data.token);
  record(kind, `keyword search over ${ROWS} rows: p99 (ms)`, keyword.latency.p99, budget.keywordListP99Ms);
  record(kind, 'server process memory after the load (RSS, MB)', process.memoryUsage().rss / 1024 / 1024, budget.rssAfterLoadMb);
  await app.close();
}

function measureConsole() {
  const assets = path.join('dist', 'assets');
  const initial = readFileSync(path.join('dist', 'index.html'), 'utf8');
  const entryScripts = readdirSync(assets).filter((file) => file.endsWith('.js') && initial.includes(file));
  const gzipKb = entryScripts.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(assets, file))).length, 0) / 1024;
  record('-', 'console: JavaScript loaded on first visit (gzip kB)', gzipKb, budgets.console.initialGzipKb);
}

async function main() {
  measureConsole();
  // PostgreSQL first: PGlite's memory stays with the process once it has run.
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const database = await createScratchDatabase(serverUrl, 'cc_bench');
    try {
      await measureServer('postgres', database.url);
    } finally {
      await database.drop();
    }
  }
  await measureServer('pglite');
  console.table(
    rows.map(({ database, figure, measured, budget, lowerIsBetter }) => ({ database, figure, measured, budget: `${lowerIsBetter ? '≤' : '≥'} ${budget}` })),
  );
  const failures = rows.filter((row) => (row.lowerIsBetter ? row.measured > row.budget : row.measured < row.budget));
  if (failures.length > 0) {
    console.error(`Past budget: ${failures.map((row) => `${row.database} ${row.figure}`).join('; ')}`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
