import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the server sends: scripts, styles, pages and icons. */
const compressible = /\.(js|mjs|css|html|svg|json|txt)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside each built text file,
 * once, at build time: the server (server/consoleAssets.ts, @fastify/static's `preCompressed`) sends
 * the copy the browser accepts and spends no CPU compressing per request. A copy that would not be
 * smaller is not written; the server then sends the file itself.
 */
export function precompress(): Plugin {
  return {
    name: 'course-console:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? path.dirname(options.file ?? '');
      await Promise.all(
        Object.keys(bundle)
          .filter((name) => compressible.test(name))
          .map(async (name) => {
            const file = path.join(outDir, name);
            const body = await readFile(file);
            if (body.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
              gzipAsync(body, { level: 9 }),
            ]);
            if (br.length < body.length) await writeFile(`${file}.br`, br);
            if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
          }),
      );
    },
  };
}
