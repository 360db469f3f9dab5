import http from 'node:http';

/** One GET with a bearer token, its body read whole. */
export function get(agent: http.Agent, url: string, token: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

export interface Sampled {
  latencies: number[];
  failures: number;
}

export interface SampleJob {
  url: string;
  token: string;
  clients: number;
  /** How long the round lasts... */
  seconds: number;
  /** ...unless it has fewer answers than this, until it has lasted `capMs`. */
  minSamples: number;
  capMs: number;
}

/** Kept-alive sockets for each number of clients, reused from round to round as one client would. */
const agents = new Map<number, http.Agent>();

/** `clients` requests at a time for `seconds` and at least `minSamples` answers (at most `capMs`): each answer's time in ms. */
export async function sample({ url, token, clients, seconds, minSamples, capMs }: SampleJob): Promise<Sampled> {
  let agent = agents.get(clients);
  if (!agent) agents.set(clients, (agent = new http.Agent({ keepAlive: true, maxSockets: clients })));
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const latencies: number[] = [];
  let failures = 0;
  const more = () => {
    const now = performance.now();
    return now < deadline || (latencies.length + failures < minSamples && now - started < capMs);
  };
  const client = async () => {
    while (more()) {
      const sent = performance.now();
      const { status } = await get(agent, url, token);
      if (status === 200) latencies.push(performance.now() - sent);
      else failures++;
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return { latencies, failures };
}

/** Lets the sockets of the rounds go (the server is about to stop). */
export function closeSamplers() {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}
