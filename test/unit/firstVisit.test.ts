import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { firstVisit, staticImports } from '../../bench/firstVisit';

test('static imports of a built chunk are followed, dynamic ones are not', () => {
  const code = 'import{a as b}from"./shell-1.js";import"./side-2.js";export{c}from"./more-3.js";const s=()=>import("./screen-4.js");';
  expect(staticImports(code).sort()).toEqual(['./more-3.js', './shell-1.js', './side-2.js']);
});

test('the first visit: what index.html names, closed over static imports, and each catalogue apart', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'cc-first-visit-'));
  try {
    mkdirSync(path.join(dist, 'assets'));
    const files: Record<string, string> = {
      'console-a.js': 'import{x}from"./shared-b.js";const l=()=>import("./CourseList-c.js");const t=()=>import("./ja-JP-d.js");',
      'shared-b.js': 'export const x=1;'.repeat(50),
      'CourseList-c.js': 'export const big="' + 'y'.repeat(5000) + '";',
      'ja-JP-d.js': 'import"./shared-b.js";import"./ra-ja-e.js";export const m={};',
      'ra-ja-e.js': 'export const r="' + 'z'.repeat(300) + '";',
    };
    for (const [name, code] of Object.entries(files)) writeFileSync(path.join(dist, 'assets', name), code);
    writeFileSync(path.join(dist, 'index.html'), '<script type="module" crossorigin src="/assets/console-a.js"></script><link rel="modulepreload" crossorigin href="/assets/shared-b.js">');
    const visit = firstVisit(dist);
    expect(visit.files).toEqual(['assets/console-a.js', 'assets/shared-b.js']);
    const kb = (name: string) => gzipSync(files[name], { level: 9 }).length / 1024;
    expect(visit.gzipKb).toBeCloseTo(kb('console-a.js') + kb('shared-b.js'));
    // The catalogue counts with what only it brings (shared-b is in the first visit already).
    expect(visit.cataloguesKb['ja-JP']).toBeCloseTo(kb('ja-JP-d.js') + kb('ra-ja-e.js'));
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
});
