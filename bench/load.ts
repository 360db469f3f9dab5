import { fork, type ChildProcess } from 'node:child_process';

/** What the bench reads of autocannon's result. */
export interface LoadResult {
  latency: { p99: number };
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface LoadJob {
  id: number;
  url: string;
  token?: string;
  connections: number;
  seconds: number;
}

interface Answer {
  id: number;
  error?: string;
  result: LoadResult;
}

let loader: ChildProcess | undefined;
const pending = new Map<number, { resolve: (result: LoadResult) => void; reject: (error: Error) => void }>();
let nextId = 0;

/** The one load generator (bench/loader.ts), started with the first load; it keeps the bench alive only while a load runs. */
function loaderProcess(): ChildProcess {
  if (loader) return loader;
  // fork runs it under this process's flags (tsx's loader among them).
  const child = fork(new URL('./loader.ts', import.meta.url), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child.on('message', ({ id, error, result }: Answer) => {
    const waiting = pending.get(id)!;
    pending.delete(id);
    if (pending.size === 0) idle(child);
    if (error) waiting.reject(new Error(error));
    else waiting.resolve(result);
  });
  child.on('exit', (code, signal) => {
    loader = undefined;
    for (const waiting of pending.values()) waiting.reject(new Error(`the load generator exited (${signal ?? code})`));
    pending.clear();
  });
  return (loader = child);
}

function idle(child: ChildProcess) {
  child.unref();
  child.channel?.unref();
}

/** `connections` clients asking `url` for `seconds`, from the load generator's process. */
export function load(url: string, token: string | undefined, connections: number, seconds: number): Promise<LoadResult> {
  const child = loaderProcess();
  child.ref();
  child.channel?.ref();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    child.send({ id, url, token, connections, seconds } satisfies LoadJob);
  });
}
