import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

export interface ServerProcess {
  /** The server's process id (the bench reads its memory from /proc). */
  pid: number;
  /** http://127.0.0.1:port, once the server says it is listening. */
  ready: Promise<string>;
  /** The exit code, once the process ends. */
  exited: Promise<number | null>;
  output(): string;
  /**
   * Resolves once the output from character `from` on (a length of output() taken earlier) matches
   * `pattern`; rejects if the process exits first or nothing matches within `timeoutMs`.
   */
  waitForOutput(pattern: RegExp, options?: { from?: number; timeoutMs?: number }): Promise<void>;
  signal(name: NodeJS.Signals): void;
  /** SIGTERM, then the exit. */
  stop(): Promise<number | null>;
}

/** Where `npm run build` leaves the server, as `npm start` runs it. */
export const BUILT_SERVER = 'dist-server/main.mjs';

/**
 * The Node.js flags `npm start` gives the server (package.json's start script, the one place they
 * are written), so the suites and the benches run it as operators do.
 */
export function serverNodeFlags(): string[] {
  const start: string = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start;
  const match = /\bnode((?: --\S+)*) dist-server\/main\.mjs/.exec(start);
  if (!match) throw new Error(`package.json's start script no longer runs \`node [flags] ${BUILT_SERVER}\`: ${start}`);
  return match[1].split(' ').filter(Boolean);
}

export interface ServerProcessOptions {
  /** Run as another account (a root test run playing a normal user). */
  account?: { uid: number; gid: number };
}

/**
 * `npm start`'s server as a process of its own, on a free port: the bundle `npm run build` makes, as
 * operators run it (jest's global setup makes it too, test/databaseServer.ts). Its sources through
 * tsx took a second longer to start, some thirty times in the API suites.
 */
export function startServerProcess(env: Record<string, string>, { account }: ServerProcessOptions = {}): ServerProcess {
  if (!existsSync(BUILT_SERVER)) throw new Error(`${BUILT_SERVER} is missing: run \`npm run build\` first`);
  const child = spawn(process.execPath, [...serverNodeFlags(), BUILT_SERVER], {
    env: { ...process.env, NODE_OPTIONS: '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...account,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /Course console: http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearInterval(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`the server exited with ${code}: ${output}`));
    });
  });
  // A failed start is reported by `ready`; nobody need wait on it otherwise.
  ready.catch(() => undefined);
  return {
    pid: child.pid!,
    ready,
    exited,
    output: () => output,
    waitForOutput: (pattern, { from = 0, timeoutMs = 10_000 } = {}) =>
      new Promise<void>((resolve, reject) => {
        const started = Date.now();
        const timer = setInterval(() => {
          if (pattern.test(output.slice(from))) {
            clearInterval(timer);
            resolve();
          } else if (child.exitCode !== null || child.signalCode !== null) {
            clearInterval(timer);
            reject(new Error(`the server exited before printing ${pattern}: ${output}`));
          } else if (Date.now() - started > timeoutMs) {
            clearInterval(timer);
            reject(new Error(`the server printed no ${pattern} within ${timeoutMs} ms: ${output.slice(from)}`));
          }
        }, 20);
      }),
    signal: (name) => child.kill(name),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
