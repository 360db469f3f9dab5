import { readdirSync, readFileSync } from 'node:fs';

/* The memory of a server process and of the PostgreSQL processes serving it, read from /proc (the engines part). */

const MB = 1024;

function readOr(file: string, otherwise = '') {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    // The process ended meanwhile, or (remote server) never was on this machine.
    return otherwise;
  }
}

/** A `Name:  value kB` line of /proc/<pid>/status or smaps_rollup, in MB (0 when absent). */
function kbField(text: string, name: string) {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text);
  return match ? Number(match[1]) / MB : 0;
}

/** The resident memory of one process: now (VmRSS) and at its peak (VmHWM), in MB. */
export function residentMemory(pid: number): { rssMb: number; peakMb: number } {
  const status = readOr(`/proc/${pid}/status`);
  return { rssMb: kbField(status, 'VmRSS'), peakMb: kbField(status, 'VmHWM') };
}

/**
 * The proportional memory of a group of processes (Pss: each shared page divided among the
 * processes sharing it), so PostgreSQL's shared buffers count once over all its backends.
 */
export function proportionalMemoryMb(pids: number[]) {
  return pids.reduce((sum, pid) => sum + kbField(readOr(`/proc/${pid}/smaps_rollup`), 'Pss'), 0);
}

const commandLine = (pid: number) => readOr(`/proc/${pid}/cmdline`).replaceAll('\0', ' ');
/** The parent of a process, 0 when it is gone or not on this machine. */
export const parentOf = (pid: number) => Number(/^PPid:\s+(\d+)/m.exec(readOr(`/proc/${pid}/status`))?.[1] ?? 0);
const allPids = () => readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number);

/** The live children of a process (PostgreSQL's backends rewrite their command line, so they are found by parent). */
export function childrenOf(pid: number) {
  return allPids().filter((candidate) => parentOf(candidate) === pid);
}

/**
 * The embedded cluster's processes: the postmaster started on `<dataDir>/postgres` and its
 * children (backends, checkpointer, WAL writer...).
 */
export function embeddedPostgresProcesses(dataDir: string) {
  const postmasters = allPids().filter((pid) => commandLine(pid).includes(` ${dataDir}/postgres `));
  return postmasters.flatMap((pid) => [pid, ...childrenOf(pid)]);
}

/**
 * The external server's processes that serve `database`: its postmaster (the parent of any of its
 * backends), the postmaster's helpers, and the backends connected to `database`. Backends of other
 * databases (other work on a shared server) are left out.
 */
export function externalPostgresProcesses(postmaster: number, database: string) {
  // A backend's command line names its client: `postgres: 15/main: user database 127.0.0.1(40112) idle`.
  const servesAnotherDatabase = (pid: number) => {
    const line = commandLine(pid);
    return /\(\d+\)|\[local\]/.test(line) && !line.includes(` ${database} `);
  };
  return [postmaster, ...childrenOf(postmaster).filter((pid) => !servesAnotherDatabase(pid))];
}

/** Whether a PostgreSQL process still runs (not a zombie waiting for its parent, not a new process that got its pid). */
export function isPostgresRunning(pid: number) {
  const state = /^State:\s+(\S)/m.exec(readOr(`/proc/${pid}/status`))?.[1];
  return state !== undefined && state !== 'Z' && commandLine(pid).includes('postgres');
}

/** The CPU time of all cores so far, in ticks (/proc/stat): in all, and what the host took from this machine for others (steal). */
export function cpuTicks(): { stolen: number; total: number } {
  // user nice system idle iowait irq softirq steal (guest time is inside user already).
  const ticks = /^cpu\s+(.*)$/m.exec(readOr('/proc/stat'))?.[1].trim().split(/\s+/).slice(0, 8).map(Number) ?? [];
  return { stolen: ticks[7] ?? 0, total: ticks.reduce((sum, value) => sum + value, 0) };
}

/** The share of the CPU time between two readings of `cpuTicks` that the host took, in %. */
export function stolenPercent(from: ReturnType<typeof cpuTicks>, to: ReturnType<typeof cpuTicks>) {
  const total = to.total - from.total;
  return total > 0 ? (100 * (to.stolen - from.stolen)) / total : 0;
}
