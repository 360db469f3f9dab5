import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { expect, test, type Page } from '@playwright/test';
import react from '@vitejs/plugin-react';
import Fastify, { type FastifyInstance } from 'fastify';
import { build } from 'vite';
import { DEMO_FILES_DIR, demoVideoVersions } from '../../server/db/demoFiles';
import type { VideoFormat } from '../../src/video/VideoPlayer';

// The player on a page of its own (test/e2e/video-harness), built by Vite as the console is, and
// served with the demo files at /files/<key> (with ranges) under the console's media policy.
// Until the version screen exists this is where the real players meet the real files.

// What server/app.ts sends: media from the page's own origin and from MSE's blob: addresses only.
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self' blob:; object-src 'none'";

let server: FastifyInstance;
let baseUrl: string;
let outDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  outDir = mkdtempSync(path.join(tmpdir(), 'cc-video-harness-'));
  await build({
    root: path.resolve('test/e2e/video-harness'),
    configFile: false,
    // React's development build: StrictMode mounts every player twice, as `npm run dev` does.
    define: { 'process.env.NODE_ENV': JSON.stringify('development') },
    logLevel: 'warn',
    plugins: [react()],
    // hls.js alone is about 580 kB: the reason it is a chunk of its own.
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  });
  // /slow/files/<key> is /files/<key> with media held back a while (playlists come at once), so a
  // test can close a player while it is still downloading.
  server = Fastify({ rewriteUrl: (request) => request.url!.replace(/^\/slow\//, '/') });
  server.addHook('onRequest', async (request, reply) => {
    if (!request.originalUrl.startsWith('/slow/') || request.originalUrl.endsWith('.m3u8')) return;
    // Held for 10 s, or until the browser drops the request.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 10_000);
      reply.raw.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  });
  server.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
  });
  await server.register(fastifyStatic, { root: outDir });
  await server.register(fastifyStatic, { root: DEMO_FILES_DIR, prefix: '/files/', decorateReply: false });
  baseUrl = await server.listen({ port: 0, host: '127.0.0.1' });
});

test.afterAll(async () => {
  await server?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

type Version = { file: string; format: VideoFormat };

/** Opens the harness listing these versions, and records which player chunks the page fetches. */
async function openHarness(page: Page, versions: readonly Version[], locale = 'en-US', files = '/files') {
  const chunks: string[] = [];
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname.split('/').pop() ?? '';
    if (/^(hls|mpegts)\b.*\.js$/.test(name)) chunks.push(name.split(/[-.]/)[0]);
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${baseUrl}/?locale=${locale}&files=${files}&versions=${encodeURIComponent(JSON.stringify(versions))}`);
  return { chunks, errors };
}

/** Resolves once the video has really advanced: decoded frames, not just a loaded file. */
async function expectPlaying(page: Page, format: string) {
  const video = page.locator(`video[data-format="${format}"]`);
  await expect(video).toHaveCount(1);
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 }).toBeGreaterThan(0);
  const quality = await video.evaluate((element: HTMLVideoElement) => ({
    width: element.videoWidth,
    frames: element.getVideoPlaybackQuality().totalVideoFrames,
    error: element.error?.code ?? null,
  }));
  expect(quality.width).toBeGreaterThan(0);
  expect(quality.frames).toBeGreaterThan(0);
  expect(quality.error).toBeNull();
}

/** A browser with no Media Source Extensions (an iPhone before iOS 17.1, for one). */
async function withoutMediaSource(page: Page) {
  await page.addInitScript(() => {
    const media = window as Partial<Window & { MediaSource: unknown; ManagedMediaSource: unknown }>;
    delete media.MediaSource;
    delete media.ManagedMediaSource;
  });
}

const playerChunk: Record<VideoFormat, string[]> = { mp4: [], m3u8: ['hls'], flv: ['mpegts'] };

test.describe('video preview in Chromium', () => {
  for (const version of demoVideoVersions) {
    test(`plays ${version.file} (${version.format}) in the preview dialog, loading only its own player`, async ({ page }) => {
      const { chunks, errors } = await openHarness(page, [version]);
      await page.getByRole('button', { name: 'Preview', exact: true }).click();

      const dialog = page.getByRole('dialog', { name: version.file });
      await expect(dialog).toBeVisible();
      expect((await dialog.boundingBox())?.width).toBe(700);
      expect((await dialog.locator('video').boundingBox())?.height).toBe(600);
      await expectPlaying(page, version.format);
      await expect(dialog.getByRole('alert')).toHaveCount(0);
      expect([...new Set(chunks)]).toEqual(playerChunk[version.format]);

      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.locator('video')).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  }

  test('a new source replaces the player in place, and the new one plays', async ({ page }) => {
    const versions = demoVideoVersions.slice(0, 3);
    await openHarness(page, versions);
    for (const { file, format } of versions) {
      await page.getByRole('button', { name: `in place: ${file}` }).click();
      await expectPlaying(page, format);
      await expect(page.locator('video')).toHaveCount(1);
    }
  });

  // The libraries hold the downloads; destroying them is what stops them.
  for (const version of demoVideoVersions.filter(({ format }) => format !== 'mp4')) {
    test(`closing the preview of ${version.format} stops its download`, async ({ page }) => {
      await openHarness(page, [version], 'en-US', '/slow/files');
      const media = (url: string) => url.includes('/slow/files/') && !url.endsWith('.m3u8');
      const started = page.waitForRequest((request) => media(request.url()));
      await page.getByRole('button', { name: 'Preview', exact: true }).click();
      const download = await started;

      const aborted = page.waitForEvent('requestfailed', { predicate: (request) => request === download, timeout: 8_000 });
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      expect((await aborted).failure()?.errorText).toBe('net::ERR_ABORTED');
    });
  }

  for (const format of ['mp4', 'm3u8', 'flv'] as const) {
    test(`a missing ${format} file says that it could not be loaded`, async ({ page }) => {
      await openHarness(page, [{ file: `missing/video.${format}`, format }]);
      await page.getByRole('button', { name: 'Preview', exact: true }).click();
      await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('The video could not be loaded');
    });
  }

  // Debian's Chromium (156 here) plays HLS itself; hls.js is for browsers with MSE, which is nearly all.
  test('without Media Source Extensions, HLS plays through the browser itself, without hls.js', async ({ page }) => {
    await withoutMediaSource(page);
    const m3u8 = demoVideoVersions.find(({ format }) => format === 'm3u8')!;
    const { chunks } = await openHarness(page, [m3u8]);
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expectPlaying(page, 'm3u8');
    expect(await page.locator('video').evaluate((element: HTMLVideoElement) => element.currentSrc)).toBe(`${baseUrl}/files/${m3u8.file}`);
    expect(chunks).toEqual([]);
  });

  test('without Media Source Extensions, FLV says in the reader’s language that it cannot play', async ({ page }) => {
    await withoutMediaSource(page);
    const flv = demoVideoVersions.find(({ format }) => format === 'flv')!;
    const { chunks } = await openHarness(page, [flv], 'zh-CN');
    await page.getByRole('button', { name: '预览' }).click();
    await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('当前浏览器无法播放 FLV 格式的视频');
    expect(chunks).toEqual([]);
  });
});
