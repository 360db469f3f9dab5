import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Paths that belong to the API (and the uploaded files), never to the console's client-side routes. */
const apiPath = /^\/(api|uc|healthz|readyz|files)(\/|$)/;

const ownPages: Record<string, string> = { '/qr/confirm': 'qr.html', '/register': 'register.html' };

/** The sign-in page: it shows no screen, so it gets index.html alone. */
const signInPath = /^\/login(\/|$)/;

/**
 * Serves the built console: hashed assets cached for a year, index.html revalidated every time,
 * each compressed as the browser accepts (brotli, else gzip, from the build's copies), and any
 * client route (/course, /carousel_group/edit/3) answered with index.html.
 */
export async function serveConsole(app: FastifyInstance, consoleDir: string | undefined) {
  if (!consoleDir || !existsSync(path.join(consoleDir, 'index.html'))) {
    app.log.warn({ consoleDir }, 'the console is not built (npm run build): serving the API only');
    return undefined;
  }
  const assetsDir = path.join(consoleDir, 'assets') + path.sep;
  // index.html with the chunks every screen shares named as module preloads (scripts/screenChunks.ts),
  // for an address that shows a screen: they arrive with the shell rather than after it has run.
  const screenPage = existsSync(path.join(consoleDir, 'screen.html')) ? 'screen.html' : 'index.html';
  await app.register(fastifyStatic, {
    root: consoleDir,
    index: false,
    // One route per built file: anything else is a client route or a 404.
    wildcard: false,
    // The build writes brotli and gzip copies beside each file (scripts/precompress.ts): the one the
    // browser accepts is sent as it is, index.html's too; the copies are not addresses of their own.
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders: (reply: FastifyReply, filePath: string) => {
      const hashed = filePath.startsWith(assetsDir);
      void reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
    },
  });
  return function consoleFallback(request: FastifyRequest, reply: FastifyReply): boolean {
    const url = request.url.split('?')[0];
    const isClientRoute = (request.method === 'GET' || request.method === 'HEAD') && !apiPath.test(url) && !path.extname(url);
    if (!isClientRoute) return false;
    // The pages a phone opens from a link (a console's QR code, a tenant's registration link) are small pages of their own.
    void reply.header('cache-control', 'no-cache').sendFile(ownPages[url] ?? (signInPath.test(url) ? 'index.html' : screenPage));
    return true;
  };
}
