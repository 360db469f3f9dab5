import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../freePort';

// Debian's PostgreSQL 15, as a throwaway cluster of the test's own: it may be stopped and killed,
// unlike the machine's server every test shares.
const BIN = '/usr/lib/postgresql/15/bin';

/** PostgreSQL refuses to run as root: as root the cluster is the user postgres's. */
function account(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

function run(binary: string, args: string[]) {
  const result = spawnSync(path.join(BIN, binary), args, { ...account(), encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } });
  if (result.status !== 0) throw new Error(`${binary} ${args.join(' ')} failed (${result.status}): ${result.stdout}${result.stderr}`);
}

export interface ThrowawayCluster {
  url: string;
  /** pg_ctl stop: `immediate` is a crash (recovery from WAL at the next start), `fast` a clean stop that cuts sessions. */
  stop(mode: 'immediate' | 'fast'): void;
  start(): void;
  remove(): void;
}

export async function throwawayCluster(): Promise<ThrowawayCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cc-pg15-'));
  const owner = account();
  if (owner.uid !== undefined && owner.gid !== undefined) chownSync(dir, owner.uid, owner.gid);
  const port = await freePort();
  run('initdb', ['-D', dir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const cluster: ThrowawayCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => run('pg_ctl', ['-D', dir, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']),
    stop: (mode) => run('pg_ctl', ['-D', dir, '-m', mode, '-w', 'stop']),
    remove: () => {
      spawnSync(path.join(BIN, 'pg_ctl'), ['-D', dir, '-m', 'immediate', 'stop'], { ...owner });
      rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
