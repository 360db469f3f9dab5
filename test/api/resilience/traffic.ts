import { client } from '../client';

export interface Answered {
  call: string;
  /** When the request was sent, in ms since the traffic began. */
  at: number;
  status: number;
  ms: number;
  body: unknown;
}

// Far beyond what any answer may take; a request that reaches it counts as hanging (status 0).
const HANG_MS = 20_000;

/**
 * Clients calling the server one request after another, reads and writes in turn, each answer
 * noted with its time, until `stop`. A request that fails at the network level is status 0.
 */
export function traffic(url: string, token: string, clients: number) {
  const answers: Answered[] = [];
  const began = Date.now();
  let running = true;
  let made = 0;
  const api = client(url, token);
  const inJapanese = { headers: { 'accept-language': 'ja-JP' } };
  const calls: [string, () => Promise<{ status: number; body: unknown }>][] = [
    ['list', () => api.get('/api/v1/courses/pager', { query: { page: 1, page_size: 10 }, ...inJapanese })],
    ['write', () => api.post('/api/v1/teachers', { name: `Outage teacher ${++made}`, title: 'Lecturer' }, inJapanese)],
    ['readyz', () => client(url).get('/readyz', inJapanese)],
    ['healthz', () => client(url).get('/healthz')],
  ];
  const loop = async (index: number) => {
    for (let turn = index; running; turn++) {
      const at = Date.now() - began;
      const [call, send] = calls[turn % calls.length];
      const answer = await Promise.race([
        send().catch(() => ({ status: 0, body: 'network error' })),
        new Promise<{ status: number; body: unknown }>((resolve) => setTimeout(() => resolve({ status: 0, body: 'no answer' }), HANG_MS).unref()),
      ]);
      answers.push({ call, at, status: answer.status, ms: Date.now() - began - at, body: answer.body });
      // A client that was refused waits a little, as a browser would, rather than spinning.
      if (answer.status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const loops = Array.from({ length: clients }, (_, index) => loop(index));
  return {
    answers,
    since: () => Date.now() - began,
    async stop() {
      running = false;
      await Promise.all(loops);
      return answers;
    },
  };
}
