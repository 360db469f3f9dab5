/**
 * The bench's load generator, a process of its own so that the server under test keeps its core.
 * bench/load.ts starts two, one for the loads and one for the scale part's latency rounds, and each
 * lives as long as the bench: an autocannon process started per round spent its first second
 * compiling its own code, and that second's rate swung between 1,800 and 5,000 requests where the
 * next ones held steady (bench/RESULTS.md, "One load generator"). The latency rounds are not timed
 * in the bench process: it holds hundreds of megabytes by then (in-process servers, pools, earlier
 * parts' figures), and its collector's work landed in the answers' times (bench/HISTORY.md, "The
 * latency rounds' own client").
 */
import { closeSamplers, sample } from './latency';
import type { Job } from './load';

process.on('message', (job: Job) => {
  const { id } = job;
  const work: Promise<unknown> =
    job.kind === 'sample'
      ? sample(job.sample)
      : job.kind === 'close'
        ? Promise.resolve(closeSamplers())
        : // Imported by the loads' generator alone: the latency rounds' one never loads it (bench/load.ts).
          import('autocannon').then(({ default: autocannon }) =>
            autocannon({ url: job.url, connections: job.connections, duration: job.seconds, headers: job.token ? { authorization: `Bearer ${job.token}` } : undefined }),
          );
  work.then(
    (result) => process.send!({ id, result }),
    (error: unknown) => process.send!({ id, error: String(error) }),
  );
});
