import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { TOKEN_COOKIE } from '../schema/screenChoices';
import { SCREEN_COOKIE, screenChoices, type FirstScreen, type FirstScreenAnswer, type FirstScreenJob } from '../schema/firstScreen';

/**
 * How long a document waits for its first screen before it goes without one: a drawing takes
 * 50-150 ms here when the machine is quiet, 100-300 while a browser starts beside it, and a busy
 * drawer must not hold a page back.
 */
const WAIT_MS = 800;
/** Documents waiting for the drawer at most; past that a document goes without (a burst of reloads queues nothing). */
const MAX_WAITING = 4;
/** The drawer's heap: the console's code takes about 40 MB of it, a drawing a few more. */
const DRAWER_HEAP_MB = 160;
/** A drawer that stopped is started again by a document, but not sooner than this after the last start: a broken one does not start for every document. */
const RESTART_AFTER_MS = 60_000;

export interface FirstScreenDrawer {
  /** The first screen of the console at this document's address for the session its cookies carry, or nothing to draw. */
  draw(request: FastifyRequest): Promise<FirstScreen | undefined>;
}

/** The address the server answers on, as its drawer reaches it over loopback. */
function ownOrigin(app: FastifyInstance): string {
  const { address, port, family } = app.server.address() as AddressInfo;
  const host = address === '0.0.0.0' || address === '::' ? '127.0.0.1' : family === 'IPv6' ? `[${address}]` : address;
  return `http://${host}:${port}`;
}

/** The session's token and the screen's choices a document's cookies carry, when both are there and well formed. */
function cookiesOf(request: FastifyRequest) {
  const cookies = fastifyCookie.parse(request.headers.cookie ?? '');
  const token = cookies[TOKEN_COOKIE];
  if (!token) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(cookies[SCREEN_COOKIE] ?? 'null');
  } catch {
    return undefined;
  }
  const choices = screenChoices.safeParse(parsed);
  return choices.success ? { token, choices: choices.data } : undefined;
}

/**
 * Draws a visit's first screen (src/firstScreen/drawer.tsx) in a process of its own, started as the
 * server starts listening: the server's loop never waits on React, the console's code (150-200 MB
 * resident with its heap) is not in the server's memory, and a drawer that fails takes nothing else with it.
 * Only a document that carries the console's session and screen cookies, at an address without a
 * query, is drawn; the drawer asks the API as that session, so it shows what the session may see
 * and nothing more.
 */
export function firstScreenDrawer(app: FastifyInstance, program: string | undefined, log: FastifyBaseLogger): FirstScreenDrawer | undefined {
  if (!program) return undefined;
  if (!existsSync(program)) {
    log.warn({ program }, 'the first screen is not built (npm run build): documents go without it');
    return undefined;
  }
  let drawer: ChildProcess | undefined;
  /** The drawer has loaded the console (it says so once): until then a document goes without, at once. */
  let ready = false;
  let closing = false;
  let startedAt = -Infinity;
  let nextId = 0;
  const waiting = new Map<number, (answer: FirstScreenAnswer) => void>();

  function start() {
    if (drawer || closing || performance.now() - startedAt < RESTART_AFTER_MS) return;
    startedAt = performance.now();
    const child = fork(program!, [], {
      env: { ...process.env, NODE_ENV: 'production', FIRST_SCREEN_ORIGIN: ownOrigin(app) },
      execArgv: [`--max-old-space-size=${DRAWER_HEAP_MB}`],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (answer: FirstScreenAnswer | { ready: true }) => {
      if ('ready' in answer) {
        ready = drawer === child;
        return;
      }
      if (answer.reason) log.debug({ reason: answer.reason, ...answer.took }, 'no first screen');
      else log.debug(answer.took, 'first screen drawn');
      waiting.get(answer.id)?.(answer);
      waiting.delete(answer.id);
    });
    child.on('error', (error) => log.error({ err: error }, 'the first screen drawer failed'));
    // A drawer that stopped is started again by the next document; what it had left goes without.
    child.on('exit', (code, signal) => {
      if (drawer === child) {
        drawer = undefined;
        ready = false;
      }
      if (!closing) log.warn({ code, signal }, 'the first screen drawer stopped');
      for (const settle of waiting.values()) settle({ id: -1, reason: 'the drawer stopped' });
      waiting.clear();
    });
    drawer = child;
  }

  app.addHook('onListen', async () => start());
  app.addHook('onClose', async () => {
    closing = true;
    const child = drawer;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  });

  return {
    async draw(request) {
      if (!ready) {
        start();
        log.debug('no first screen: the drawer is not ready');
        return undefined;
      }
      if (request.url.includes('?') || waiting.size >= MAX_WAITING) return undefined;
      const session = cookiesOf(request);
      if (!session) return undefined;
      const job: FirstScreenJob = { id: nextId++, pathname: request.url, ...session, until: Date.now() + WAIT_MS };
      const answer = await new Promise<FirstScreenAnswer>((settle) => {
        const timer = setTimeout(() => {
          waiting.delete(job.id);
          log.debug(`no first screen: no answer within ${WAIT_MS} ms`);
          settle({ id: job.id });
        }, WAIT_MS);
        waiting.set(job.id, (answered) => {
          clearTimeout(timer);
          settle(answered);
        });
        drawer!.send(job);
      });
      return answer.drawn;
    },
  };
}
