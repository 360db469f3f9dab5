import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FirstScreen } from '../schema/firstScreen';
import type { FirstScreenDrawer } from './firstScreen';

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
export async function serveConsole(app: FastifyInstance, consoleDir: string | undefined, drawer?: FirstScreenDrawer) {
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
  const screenHtml = readFileSync(path.join(consoleDir, screenPage), 'utf8');
  const sendPage = (reply: FastifyReply, file: string) => void reply.header('cache-control', 'no-cache').sendFile(file);
  return function consoleFallback(request: FastifyRequest, reply: FastifyReply): boolean {
    const url = request.url.split('?')[0];
    const isClientRoute = (request.method === 'GET' || request.method === 'HEAD') && !apiPath.test(url) && !path.extname(url);
    if (!isClientRoute) return false;
    // The pages a phone opens from a link (a console's QR code, a tenant's registration link) are small pages of their own.
    const file = ownPages[url] ?? (signInPath.test(url) ? 'index.html' : screenPage);
    if (file !== screenPage || !drawer || request.method !== 'GET') {
      sendPage(reply, file);
      return true;
    }
    drawer.draw(request).then(
      async (drawn) => {
        if (!drawn) return sendPage(reply, file);
        const encoding = acceptedEncoding(request.headers['accept-encoding']);
        const html = withFirstScreen(screenHtml, drawn);
        // The page holds one session's records: never kept by a cache, and never the same for another cookie.
        void reply.headers({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', vary: 'cookie, accept-encoding' });
        if (encoding) void reply.header('content-encoding', encoding);
        return reply.send(encoding ? await compressors[encoding](html) : html);
      },
      (error: unknown) => {
        request.log.error({ err: error }, 'the first screen failed');
        sendPage(reply, file);
      },
    );
    return true;
  };
}

/** JSON in a script element: nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * The console's page with its first screen drawn in (server/firstScreen.ts): over the console's
 * root until the console has drawn the same screen itself (src/firstScreen/handOver.ts), with the
 * page of records the console then shows rather than asks for again.
 */
function withFirstScreen(page: string, drawn: FirstScreen): string {
  const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  // Replaced by functions: a replacement string would read `$&` in a record's title as a pattern.
  return page
    .replace(/<html lang="[^"]*">/, () => `<html lang="${escapeAttribute(drawn.lang)}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(drawn.title)}</title>`)
    // Where Emotion looks for a page's styles as it starts: it takes them over rather than writing them again.
    .replace('</head>', () => `<style data-emotion="css ${escapeAttribute(drawn.styles.ids.join(' '))}">${drawn.styles.css.replace(/<\/style/gi, '<\\/style')}</style></head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="first-screen" style="position:fixed;inset:0;z-index:2000;overflow:auto;background:${escapeAttribute(drawn.background)}">${drawn.html}</div>` +
        `<script src="/first-screen.js"></script>` +
        `<script type="application/json" id="first-page">${scriptJson(drawn.page)}</script><div id="root"></div>`,
    );
}

const compressors = {
  br: (text: string) => promisify(brotliCompress)(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (text: string) => promisify(gzip)(text, { level: 6 }),
};

function acceptedEncoding(header: string | undefined): keyof typeof compressors | undefined {
  const accepted = (header ?? '').split(',').map((item) => item.trim().split(';')[0]);
  return accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : undefined;
}
