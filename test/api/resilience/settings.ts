import { loadavg } from 'node:os';

/**
 * The resilience suites run short in CI (part of the jest run) and in full under
 * `npm run test:resilience` (RESILIENCE=full): the same tests, only the figures differ.
 */
export const FULL = process.env.RESILIENCE === 'full';

export const LOAD = FULL ? { clients: 200, seconds: 60 } : { clients: 50, seconds: 10 };
export const KILL_TRIALS = FULL ? 20 : 2;

/** The figures a test measured, on one line the runner's output keeps (docs/RELIABILITY.md quotes them). */
export function report(test: string, figures: Record<string, unknown>) {
  process.stdout.write(`\nRESILIENCE ${test} ${JSON.stringify({ ...figures, loadAverage: loadavg().map((value) => Number(value.toFixed(2))) })}\n`);
}

