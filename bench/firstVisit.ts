import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What a browser fetches before a built Vite app draws anything, read from its output: the scripts
 * and module preloads index.html names and, closed over, every chunk those import statically (not
 * `import()`, which waits until a screen asks). Sizes are gzip at level 9 of each file, as a server
 * compressing them would send them.
 */
export interface FirstVisit {
  /** Chunk files (under `assets/`), the entry first. */
  files: string[];
  /** Their gzip size in kB. */
  gzipKb: number;
  /** The catalogue chunks of each language the app starts in (`zh-CN`, ...), with the chunks only they import, in kB. */
  cataloguesKb: Record<string, number>;
}

const kb = (bytes: number) => bytes / 1024;

/** Static imports of a built chunk: `import{a as b}from"./x.js"`, `import"./y.js"`, `export{c}from"./z.js"` (not `import("...")`). */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:^|[;\s})])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.js)["']/g)) found.add(match[1]);
  return [...found];
}

export function firstVisit(distDir: string, html = 'index.html', catalogue = /^(zh-CN|en-US|ja-JP)-[\w-]+\.js$/): FirstVisit {
  const page = readFileSync(path.join(distDir, html), 'utf8');
  const named = [...page.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?([^"]+\.js)"/g)].map((match) => match[1]);
  if (named.length === 0) throw new Error(`${html} in ${distDir} names no script`);
  const gzipOf = new Map<string, number>();
  const sizeOf = (file: string) => {
    if (!gzipOf.has(file)) gzipOf.set(file, kb(gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length));
    return gzipOf.get(file)!;
  };
  /** `files` and everything they import statically, in the order met. */
  const closure = (files: string[], seen = new Set<string>()) => {
    const queue = [...files];
    while (queue.length > 0) {
      const file = queue.shift()!;
      if (seen.has(file)) continue;
      if (!existsSync(path.join(distDir, file))) throw new Error(`${file}, imported on first visit, is not in ${distDir}`);
      seen.add(file);
      for (const imported of staticImports(readFileSync(path.join(distDir, file), 'utf8'))) queue.push(path.posix.join(path.posix.dirname(file), imported));
    }
    return seen;
  };
  const initial = closure(named);
  const files = [...initial];
  const cataloguesKb: Record<string, number> = {};
  const assets = path.join(distDir, 'assets');
  for (const file of readdirSync(assets).filter((name) => catalogue.test(name))) {
    const own = [...closure([`assets/${file}`], new Set(initial))].filter((one) => !initial.has(one));
    cataloguesKb[file.match(catalogue)![1]] = own.reduce((sum, one) => sum + sizeOf(one), 0);
  }
  return { files, gzipKb: files.reduce((sum, file) => sum + sizeOf(file), 0), cataloguesKb };
}
