import { readFileSync } from 'node:fs';
import { measureFirstVisits, type ConsoleBudgets } from './console';

/**
 * `npm test`'s check of the console's first visit, in seconds: reads the console `vite build` just
 * made (dist/), builds the bare react-admin fixture beside it, and fails when the first visit is past
 * bench/budgets.json's `console.initialVsBareRatio` or `console.initialGzipKb` (the bench measures the
 * same figures, and the browser ones, with `BENCH_ONLY=console`).
 */
const budgets = (JSON.parse(readFileSync('bench/budgets.json', 'utf8')) as { console: ConsoleBudgets }).console;
const visits = await measureFirstVisits('dist');
const line =
  `console first visit: ${visits.consoleKb.toFixed(1)} kB gzip (${visits.catalogue} catalogue ${visits.catalogueKb.toFixed(1)} included), ` +
  `bare react-admin ${visits.bareKb.toFixed(1)} kB, ratio ${visits.ratio.toFixed(3)}`;
const failures = [
  visits.ratio > budgets.initialVsBareRatio && `ratio ${visits.ratio.toFixed(3)} > ${budgets.initialVsBareRatio}`,
  visits.consoleKb > budgets.initialGzipKb && `${visits.consoleKb.toFixed(1)} kB > ${budgets.initialGzipKb} kB`,
].filter(Boolean);
if (failures.length > 0) {
  console.error(`${line}\nPast budget (bench/budgets.json, console): ${failures.join('; ')}. See bench/README.md, "The console".`);
  process.exit(1);
}
console.log(`${line}: within budget (≤ ${budgets.initialVsBareRatio}, ≤ ${budgets.initialGzipKb} kB)`);
