import { fork, type ChildProcess } from 'node:child_process';
import type { SampleJob, Sampled } from './latency';

/** What the bench reads of autocannon's result. */
export interface LoadResult {
  latency: { p99: number };
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface LoadJob {
  kind: 'load';
  id: number;
  url: string;
  token?: string;
  connections: number;
  seconds: number;
}

/** What the generator is asked: a load (autocannon), a latency round (bench/latency.ts), or to let its rounds' sockets go. */
export type Job = LoadJob | { kind: 'sample'; id: number; sample: SampleJob } | { kind: 'close'; id: number };

interface Answer {
  id: number;
  error?: string;
  result: unknown;
}

let loader: ChildProcess | undefined;
const pending = new Map<number, { resolve: (result: never) => void; reject: (error: Error) => void }>();
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
    else waiting.resolve(result as never);
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

/** Sends the generator a job; its answer. */
function ask<T>(job: Job): Promise<T> {
  const child = loaderProcess();
  child.ref();
  child.channel?.ref();
  return new Promise((resolve, reject) => {
    pending.set(job.id, { resolve, reject });
    child.send(job);
  });
}

/** `connections` clients asking `url` for `seconds`, from the load generator's process. */
export function load(url: string, token: string | undefined, connections: number, seconds: number): Promise<LoadResult> {
  return ask({ kind: 'load', id: nextId++, url, token, connections, seconds });
}

/** A latency round (bench/latency.ts's `sample`), from the load generator's process. */
export function sampleLatencies(job: SampleJob): Promise<Sampled> {
  return ask({ kind: 'sample', id: nextId++, sample: job });
}

/** The generator lets its latency rounds' sockets go. */
export function closeLatencySamplers(): Promise<void> {
  return ask({ kind: 'close', id: nextId++ });
}
