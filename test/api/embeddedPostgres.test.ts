/**
 * The embedded PostgreSQL as an operator meets it: `npm start`'s server process with no
 * DATABASE_URL, started, stopped, killed, crowded and upgraded on a DATA_DIR of its own.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database } from '../../server/db/client';
import { embeddedDatabaseUrl } from '../../server/db/embeddedPostgres';
import * as schema from '../../server/db/schema';
import { seed } from '../../server/db/seed';
import { freePort } from '../freePort';
import { startServerProcess, type ServerProcess } from '../serverProcess';
import { client, signIn } from './client';

const PASSWORD = 'embedded-pass-1';
const dataDirs: string[] = [];
const running: ServerProcess[] = [];

function newDataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'cc-embedded-'));
  dataDirs.push(dir);
  return dir;
}

function start(dataDir: string, env: Record<string, string> = {}, account?: { uid: number; gid: number }) {
  const server = startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD: PASSWORD, SEED_DEMO: 'false', ...env }, { account });
  running.push(server);
  return server;
}

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
  // Whatever a failed test left running on these folders must not outlive the run.
  for (const dir of dataDirs) for (const pid of postgresProcesses(dir)) process.kill(pid, 'SIGKILL');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** The PostgreSQL processes running on this DATA_DIR's cluster (postmaster and backends). */
function postgresProcesses(dataDir: string): number[] {
  const cluster = path.join(dataDir, 'postgres');
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(cluster);
      } catch {
        return false;
      }
    })
    .map(Number);
}

const postmaster = (dataDir: string) => Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
const clusterPort = (dataDir: string) => Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]);

/** Running, that is: not gone and not a zombie waiting for a parent (here, an init) to collect it. */
function alive(pid: number) {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1][0] !== 'Z';
  } catch {
    return false;
  }
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50)))
    if (await condition()) return;
  throw new Error(`not within ${timeoutMs} ms: ${condition}`);
}

/** Every table's row count and a digest of its rows, as one database holds them. */
async function digest(query: (text: string) => Promise<{ rows: any[] }>) {
  await query(`set timezone to 'UTC'`);
  await query(`set datestyle to 'ISO, YMD'`);
  const { rows: tables } = await query(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await query(`select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as hash from "${name}" t`);
    result[name] = `${rows[0].n} ${rows[0].hash}`;
  }
  const { rows: sequences } = await query(`select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by 1`);
  for (const { name, value } of sequences) result[`sequence ${name}`] = String(value);
  return result;
}

/**
 * Every table's rows and every sequence, once the running server's fold has counted the audit
 * rows written so far: it folds every second, and a fold between the digest and the backup would
 * change the counts the backup holds.
 */
async function digestOfEmbedded(dataDir: string) {
  const connection = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) });
  await connection.connect();
  try {
    const pending = `select coalesce(pg_sequence_last_value('audit_logs_id_seq'), 0) > (select folded_to from count_watermarks where table_name = 'audit_logs') as pending`;
    const deadline = Date.now() + 10_000;
    while ((await connection.query(pending)).rows[0].pending) {
      if (Date.now() > deadline) throw new Error('the audit counts were not folded within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return await digest((text) => connection.query(text));
  } finally {
    await connection.end();
  }
}

/** The names, sizes and contents of every file under a folder. */
function folderDigest(dir: string): string {
  const hash = createHash('sha256');
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(current, entry.name);
      hash.update(path.relative(dir, full));
      if (entry.isDirectory()) walk(full);
      else hash.update(readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

test('the first start initialises a password-protected cluster, reached by the server over a unix socket in its folder and by tools on 127.0.0.1, a later start reuses it, and SIGTERM leaves no postgres behind', async () => {
  const dataDir = newDataDir();
  const first = start(dataDir);
  const url = await first.ready;
  expect(first.output()).toContain('initialising the embedded PostgreSQL');
  expect(statSync(path.join(dataDir, 'postgres.password')).mode & 0o777).toBe(0o600);
  expect((await client(url).get('/readyz')).body).toEqual({ success: true, data: { status: 'ok', database: 'embedded' } });

  const port = clusterPort(dataDir);
  const withoutPassword = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'course_console', password: 'wrong' });
  await expect(withoutPassword.connect()).rejects.toThrow(/password authentication failed/);
  const clusterFolder = path.join(dataDir, 'postgres');
  const socketWithoutPassword = new pg.Client({ host: clusterFolder, port, user: 'postgres', database: 'course_console', password: 'wrong' });
  await expect(socketWithoutPassword.connect()).rejects.toThrow(/password authentication failed/);
  expect(statSync(clusterFolder).mode & 0o777).toBe(0o700);
  const connection = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) });
  await connection.connect();
  const { rows } = await connection.query(`select current_setting('listen_addresses') as listen, current_setting('unix_socket_directories') as sockets`);
  // The server's own pool came in through the socket (no client address); this connection, a tool's, through 127.0.0.1.
  const { rows: serverConnections } = await connection.query(
    `select count(*)::int as over_socket from pg_stat_activity where datname = 'course_console' and backend_type = 'client backend' and client_addr is null`,
  );
  await connection.end();
  expect(rows[0]).toEqual({ listen: '127.0.0.1', sockets: clusterFolder });
  expect(serverConnections[0].over_socket).toBeGreaterThan(0);

  expect(postgresProcesses(dataDir).length).toBeGreaterThan(0);
  expect(await first.stop()).toBe(0);
  expect(first.output()).toContain('embedded PostgreSQL stopped');
  expect(postgresProcesses(dataDir)).toEqual([]);
  expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);

  const second = start(dataDir);
  const secondUrl = await second.ready;
  expect(second.output()).not.toContain('initialising');
  expect(await signIn(secondUrl, 'admin', PASSWORD)).toBeTruthy();
  expect(await second.stop()).toBe(0);
  expect(postgresProcesses(dataDir)).toEqual([]);
}, 120_000);

/** The GLIBC_TUNABLES a process of the cluster runs with (glibc cuts the text it read down to its first setting). */
const tunables = (pid: number) =>
  readFileSync(`/proc/${pid}/environ`, 'utf8')
    .split('\0')
    .find((entry) => entry.startsWith('GLIBC_TUNABLES='));

test("the cluster's processes start with the glibc malloc settings that keep freed heap between statements, unless the operator set GLIBC_TUNABLES", async () => {
  const dataDir = newDataDir();
  const server = start(dataDir);
  await server.ready;
  // Under glibc's defaults a backend gave the top of its heap back after nearly every statement (bench/RESULTS.md).
  expect(tunables(postmaster(dataDir))).toMatch(/^GLIBC_TUNABLES=glibc\.malloc\.trim_threshold=8388608(:glibc\.malloc\.mmap_threshold=4194304)?$/);
  expect(await server.stop()).toBe(0);

  const operators = start(dataDir, { GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' });
  await operators.ready;
  expect(tunables(postmaster(dataDir))).toBe('GLIBC_TUNABLES=glibc.malloc.arena_max=2');
  expect(await operators.stop()).toBe(0);
}, 120_000);

test('a second server on the same DATA_DIR refuses with a clear message and touches nothing', async () => {
  const dataDir = newDataDir();
  const first = start(dataDir);
  const url = await first.ready;
  const before = { files: readdirSync(dataDir).sort(), claim: readFileSync(path.join(dataDir, 'server.pid'), 'utf8'), pid: postmaster(dataDir) };
  const clusterBefore = statSync(path.join(dataDir, 'postgres', 'postmaster.pid')).mtimeMs;

  const second = start(dataDir);
  await expect(second.ready).rejects.toThrow(/Another server \(process \d+\) is running on DATA_DIR .* Stop it first, or give this one a DATA_DIR of its own/);
  expect(await second.exited).toBe(1);
  expect(second.output()).not.toMatch(/\n\s+at /);

  expect({ files: readdirSync(dataDir).sort(), claim: readFileSync(path.join(dataDir, 'server.pid'), 'utf8'), pid: postmaster(dataDir) }).toEqual(before);
  expect(statSync(path.join(dataDir, 'postgres', 'postmaster.pid')).mtimeMs).toBe(clusterBefore);
  expect((await client(url).get('/readyz')).status).toBe(200);
  expect(await first.stop()).toBe(0);
}, 120_000);

test('a first start whose port is taken says so without a stack trace, stops its PostgreSQL, and shows the password it generated, which the next start signs in with', async () => {
  const dataDir = newDataDir();
  const squatter = net.createServer();
  await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
  const takenPort = (squatter.address() as net.AddressInfo).port;

  const refused = start(dataDir, { ADMIN_PASSWORD: '', PORT: String(takenPort) });
  await expect(refused.ready).rejects.toThrow(`Port ${takenPort} is already in use by another program. Stop it, or start with PORT set to a free port.`);
  expect(await refused.exited).toBe(1);
  expect(refused.output()).not.toMatch(/\n\s+at /);
  const generated = /Sign in as admin \/ (\S+) once the console runs/.exec(refused.output())?.[1];
  expect(generated).toBeTruthy();
  await until(() => postgresProcesses(dataDir).length === 0);
  await new Promise((resolve) => squatter.close(resolve));

  const next = start(dataDir, { ADMIN_PASSWORD: '' });
  const url = await next.ready;
  expect(next.output()).toContain('admin / the password set on the first start');
  expect(await signIn(url, 'admin', generated!)).toBeTruthy();
  expect(await next.stop()).toBe(0);
}, 120_000);

test('a kill -9 of the server takes its PostgreSQL down too; an orphaned postmaster and a stale claim do not stop the next start; a taken port is exchanged for another', async () => {
  const dataDir = newDataDir();
  const first = start(dataDir);
  await first.ready;
  const cluster = postmaster(dataDir);
  // The binary the server ran (as root from a checkout the user postgres cannot enter, a copy of it).
  const postgresBinary = readFileSync(`/proc/${cluster}/cmdline`, 'utf8').split('\0')[0];
  first.signal('SIGKILL');
  await first.exited;
  // The kernel tells the postmaster its parent died (setpriv --pdeathsig): it shuts down by itself.
  // Its own process is gone last: while it exits, /proc shows it running with an empty command line (seen in CI).
  await until(() => postgresProcesses(dataDir).length === 0 && !alive(cluster));
  expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(true);

  // A postmaster nobody stopped (a server killed where no parent-death signal exists), running on the cluster.
  const account = process.getuid!() === 0 ? { uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })) } : {};
  const orphan = spawn(postgresBinary, ['-D', path.join(dataDir, 'postgres'), '-p', String(await freePort()), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='], {
    ...account,
    detached: true,
    stdio: 'ignore',
  });
  orphan.unref();
  // Line 8 of postmaster.pid says `ready` once it accepts connections.
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').split('\n')[7]?.trim() === 'ready');
  expect(postmaster(dataDir)).toBe(orphan.pid);

  const second = start(dataDir);
  const url = await second.ready;
  expect(second.output()).toContain('stopping the embedded PostgreSQL left running by a server that did not stop');
  expect(alive(orphan.pid!)).toBe(false);
  expect(await signIn(url, 'admin', PASSWORD)).toBeTruthy();
  const port = clusterPort(dataDir);
  expect(await second.stop()).toBe(0);

  // Something else took the port the cluster had.
  const squatter = net.createServer();
  await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
  try {
    const third = start(dataDir);
    const thirdUrl = await third.ready;
    expect(clusterPort(dataDir)).not.toBe(port);
    expect((await client(thirdUrl).get('/readyz')).status).toBe(200);
    expect(await third.stop()).toBe(0);
  } finally {
    squatter.close();
  }
  expect(postgresProcesses(dataDir)).toEqual([]);
}, 120_000);

test('when PostgreSQL dies under the server, calls answer 503 in the envelope meanwhile, and it recovers by itself', async () => {
  const dataDir = newDataDir();
  const server = start(dataDir);
  const url = await server.ready;
  const api = client(url, await signIn(url, 'admin', PASSWORD));
  const answers: { status: number; body: any }[] = [];
  const livenesses: number[] = [];

  const before = postmaster(dataDir);
  process.kill(before, 'SIGKILL');
  await until(async () => {
    const answer = await api.get('/api/v1/courses/pager', { query: { page: 1, page_size: 10 }, headers: { 'accept-language': 'zh-CN' } });
    answers.push(answer);
    livenesses.push((await client(url).get('/healthz')).status);
    return answers.some((seen) => seen.status === 503) && answer.status === 200;
  }, 30_000);

  expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([503, 200]));
  for (const answer of answers.filter((seen) => seen.status === 503))
    expect(answer.body).toEqual({ success: false, error_code: 503, message: '数据库暂时无法响应，请稍后重试' });
  expect(new Set(livenesses)).toEqual(new Set([200]));
  expect(postmaster(dataDir)).not.toBe(before);
  expect(server.output()).toContain('embedded PostgreSQL restarted');
  expect(await server.stop()).toBe(0);
  expect(postgresProcesses(dataDir)).toEqual([]);
}, 120_000);

/** Whether every folder above `target` lets others pass (the account `nobody` is nobody's owner or group). */
function othersCanReach(target: string) {
  for (let folder = path.dirname(target); ; folder = path.dirname(folder)) {
    if (!(statSync(folder).mode & 0o001)) return false;
    if (folder === path.dirname(folder)) return true;
  }
}

test('PostgreSQL never runs as root: as a normal user it runs as that user, as root as the user postgres', async () => {
  const dataDir = newDataDir();
  const root = process.getuid!() === 0;
  // A root run plays the unprivileged account `nobody` too, when nobody can read this checkout.
  const account = root && othersCanReach(path.resolve('server/main.ts')) ? { uid: 65_534, gid: 65_534 } : undefined;
  if (account) chownSync(dataDir, account.uid, account.gid);
  const server = start(dataDir, { HOME: dataDir }, account);
  const url = await server.ready;
  expect(await signIn(url, 'admin', PASSWORD)).toBeTruthy();
  const owner = (pid: number) => Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
  const expected = account?.uid ?? (root ? Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })) : process.getuid!());
  expect(expected).not.toBe(0);
  expect(owner(postmaster(dataDir))).toBe(expected);
  expect(await server.stop()).toBe(0);
  expect(postgresProcesses(dataDir)).toEqual([]);
}, 120_000);

test('a DATA_DIR below a folder only its owner may enter: as root the start says which folder keeps PostgreSQL out; a normal user starts', async () => {
  const closed = newDataDir();
  expect(statSync(closed).mode & 0o777).toBe(0o700);
  const dataDir = path.join(closed, 'data');
  const server = start(dataDir);
  if (process.getuid!() === 0) {
    await expect(server.ready).rejects.toThrow(`cannot pass through ${closed} to reach DATA_DIR ${dataDir}. Give it search permission (chmod o+x ${closed})`);
    expect(await server.exited).toBe(1);
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  } else {
    expect((await client(await server.ready).get('/readyz')).status).toBe(200);
    expect(await server.stop()).toBe(0);
  }
}, 120_000);

/** The README's backup and restore commands, for this DATA_DIR and archive. */
function documentedCommands(dataDir: string, archive: string) {
  const readme = readFileSync('README.md', 'utf8');
  const block = /<!-- backup and restore -->\s*```sh\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error('README.md has no backup and restore block');
  const lines = block.split('\n').map((line) => line.replace(/\s+#.*$/, '').trim());
  const section = (heading: string) => {
    const start = lines.findIndex((line) => line.startsWith('#') && line.includes(heading));
    const end = lines.findIndex((line, index) => index > start && line.startsWith('#'));
    return lines.slice(start + 1, end === -1 ? undefined : end).filter(Boolean).map((line) => line.replaceAll('data', dataDir).replaceAll('backup.tar.gz', archive));
  };
  return { backup: section('Back up'), restore: section('Restore') };
}

test("the README's backup and restore give back every row and every file", async () => {
  const dataDir = newDataDir();
  const archive = path.join(dataDir, '..', `${path.basename(dataDir)}.tar.gz`);
  const commands = documentedCommands(dataDir, archive);
  const run = (lines: string[]) => lines.forEach((line) => execFileSync('bash', ['-c', line], { stdio: 'pipe' }));

  const first = start(dataDir, { SEED_DEMO: 'true' });
  const url = await first.ready;
  const api = client(url, await signIn(url, 'admin', PASSWORD));
  expect((await api.post('/api/v1/teachers', { name: 'Backed Up', title: 'Lecturer' })).status).toBe(200);
  const saved = await digestOfEmbedded(dataDir);
  expect(Number(saved.courses.split(' ')[0])).toBeGreaterThan(200);
  const files = folderDigest(path.join(dataDir, 'files'));
  expect(await first.stop()).toBe(0);
  run(commands.backup);

  // Changes after the backup, which the restore must take back.
  const second = start(dataDir);
  const secondUrl = await second.ready;
  const changed = client(secondUrl, await signIn(secondUrl, 'admin', PASSWORD));
  const teachers = (await changed.get('/api/v1/teachers/pager', { query: { page: 1, page_size: 10, keyword: 'Backed Up' } })).body.data.items;
  expect((await changed.delete(`/api/v1/teachers/${teachers[0].id}`)).status).toBe(200);
  expect((await changed.post('/uc/v1/tenants', { name: 'after-backup', display_name: 'After', admin_user_name: 'after_admin', admin_password: 'after-pass-1' })).status).toBe(200);
  expect(await second.stop()).toBe(0);

  run(commands.restore);
  const third = start(dataDir);
  await third.ready;
  expect(await digestOfEmbedded(dataDir)).toEqual(saved);
  expect(folderDigest(path.join(dataDir, 'files'))).toBe(files);
  expect(await third.stop()).toBe(0);
  rmSync(archive, { force: true });
}, 180_000);

test("the first start moves a previous version's PGlite data across once, sequences included, and keeps the old folder", async () => {
  const dataDir = newDataDir();
  const oldFolder = path.join(dataDir, 'pglite');
  // The previous version's data folder, as it left it: migrated and seeded with the demo.
  const previous = new PGlite({ dataDir: oldFolder, extensions: { pg_trgm } });
  const previousDb = drizzle({ client: previous, schema });
  await migrate(previousDb, { migrationsFolder: 'server/db/migrations' });
  await seed(previousDb as unknown as Database, { adminPassword: 'previous-pass-1', demo: true });
  const before = await digest((text) => previous.query(text));
  await previous.close();
  const folder = folderDigest(oldFolder);

  const server = start(dataDir, { ADMIN_PASSWORD: 'ignored-now-1' });
  const url = await server.ready;
  expect(server.output()).toContain("moved the previous version's data");
  const after = await digestOfEmbedded(dataDir);
  const { app_meta: _before, ...beforeRows } = before;
  const { app_meta: _after, ...afterRows } = after;
  expect(afterRows).toEqual(beforeRows);
  expect(Number(after.enrollments.split(' ')[0])).toBeGreaterThan(1000);

  // The old password signs in, and new records continue the old numbering.
  const api = client(url, await signIn(url, 'admin', 'previous-pass-1'));
  const created = await api.post('/uc/v1/tenants', { name: 'after-move', display_name: 'After the move', admin_user_name: 'moved_admin', admin_password: 'moved-pass-1' });
  expect(created.body.data.tenant_id).toBe(Number(before['sequence tenants_tenant_id_seq']) + 1);
  expect(await server.stop()).toBe(0);
  expect(folderDigest(oldFolder)).toBe(folder);

  const again = start(dataDir);
  await again.ready;
  expect(again.output()).not.toContain('moving the data of the previous version');
  expect(await again.stop()).toBe(0);
}, 180_000);
