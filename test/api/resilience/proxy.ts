import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../freePort';

/** Debian's haproxy, round robin over the servers, one request at a time; each answer names its server in `x-served-by`. */
export async function roundRobinProxy(servers: string[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'cc-haproxy-'));
  const port = await freePort();
  const config = path.join(dir, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'defaults',
      '  mode http',
      '  timeout connect 5s',
      '  timeout client 60s',
      '  timeout server 60s',
      // The servers take the client's address from it (TRUST_PROXY), as the sign-in throttle needs.
      '  option forwardfor',
      'frontend console',
      `  bind 127.0.0.1:${port}`,
      '  default_backend instances',
      'backend instances',
      '  balance roundrobin',
      '  http-response set-header x-served-by %[srv_name]',
      ...servers.map((server, index) => `  server instance${index + 1} ${new URL(server).host}`),
      '',
    ].join('\n'),
  );
  const child = spawn('haproxy', ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  child.stderr.on('data', (chunk) => (said += chunk));
  for (const deadline = Date.now() + 10_000; ; ) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(true));
      socket.on('error', () => resolve(false));
      socket.on('connect', () => socket.end());
    });
    if (open) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`haproxy did not start: ${said}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
