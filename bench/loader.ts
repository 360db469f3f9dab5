/**
 * The bench's load generator, a process of its own so that the server under test keeps its core
 * (bench/load.ts starts it once and sends it every load). It lives as long as the bench: an
 * autocannon process started per round spent its first second compiling its own code, and that
 * second's rate swung between 1,800 and 5,000 requests where the next ones held steady (bench/RESULTS.md,
 * "One load generator").
 */
import autocannon from 'autocannon';
import type { LoadJob } from './load';

process.on('message', ({ id, url, token, connections, seconds }: LoadJob) => {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  autocannon({ url, connections, duration: seconds, headers }).then(
    (result) => process.send!({ id, result }),
    (error: unknown) => process.send!({ id, error: String(error) }),
  );
});
