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

/** What a generator is asked: a load (autocannon), a latency round (bench/latency.ts), or to let its rounds' sockets go. */
export type Job = LoadJob | { kind: 'sample'; id: number; sample: SampleJob } | { kind: 'close'; id: number };

interface Answer {
  id: number;
  error?: string;
  result: unknown;
}

/**
 * Two generator processes (bench/loader.ts): one runs the loads, the other times the latency
 * rounds. A round's client that had loaded autocannon answered the 100-120 kB trees about a quarter
 * fewer times a second, with a higher p95, than one that had not, in rounds interleaved against the
 * same server (bench/HISTORY.md, "The latency rounds' client without autocannon").
 */
type Generator = 'load' | 'sample';
interface Waiting {
  resolve: (result: never) => void;
  reject: (error: Error) => void;
}
/** Each generator's process and the jobs it has yet to answer. */
const generators = new Map<Generator, { child: ChildProcess; pending: Map<number, Waiting> }>();
let nextId = 0;

/** A generator, started with its first job; it keeps the bench alive only while a job of its own runs. */
function generatorOf(generator: Generator) {
  const running = generators.get(generator);
  if (running) return running;
  // fork runs it under this process's flags (tsx's loader among them).
  const child = fork(new URL('./loader.ts', import.meta.url), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const pending = new Map<number, Waiting>();
  child.on('message', ({ id, error, result }: Answer) => {
    const waiting = pending.get(id)!;
    pending.delete(id);
    if (pending.size === 0) idle(child);
    if (error) waiting.reject(new Error(error));
    else waiting.resolve(result as never);
  });
  child.on('exit', (code, signal) => {
    generators.delete(generator);
    for (const waiting of pending.values()) waiting.reject(new Error(`the ${generator} generator exited (${signal ?? code})`));
    pending.clear();
  });
  const started = { child, pending };
  generators.set(generator, started);
  return started;
}

function idle(child: ChildProcess) {
  child.unref();
  child.channel?.unref();
}

/** Sends a generator a job; its answer. */
function ask<T>(job: Job): Promise<T> {
  const { child, pending } = generatorOf(job.kind === 'load' ? 'load' : 'sample');
  child.ref();
  child.channel?.ref();
  return new Promise((resolve, reject) => {
    pending.set(job.id, { resolve, reject });
    child.send(job);
  });
}

/** `connections` clients asking `url` for `seconds`, from the loads' generator. */
export function load(url: string, token: string | undefined, connections: number, seconds: number): Promise<LoadResult> {
  return ask({ kind: 'load', id: nextId++, url, token, connections, seconds });
}

/** A latency round (bench/latency.ts's `sample`), from the latency rounds' generator. */
export function sampleLatencies(job: SampleJob): Promise<Sampled> {
  return ask({ kind: 'sample', id: nextId++, sample: job });
}

/** The latency rounds' generator lets its sockets go. */
export function closeLatencySamplers(): Promise<void> {
  return ask({ kind: 'close', id: nextId++ });
}
