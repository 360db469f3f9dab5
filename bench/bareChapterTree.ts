import Fastify, { type FastifyInstance } from 'fastify';
import { chapterTreeStatement } from '../server/routes/chapters';
import { sendDataJson } from '../server/routes/entityRoutes';
import { builder, run, type RawClient } from './bare';

/**
 * The floor the chapter tree is compared with: the handler's own statement (built once by its
 * query builder) straight through the driver, its JSON text sent as it comes. No session, no
 * validation, no query building per request, no hooks.
 */
export async function startBareChapterTree(client: RawClient): Promise<{ base: string; close: () => Promise<void> }> {
  const app: FastifyInstance = Fastify({ logger: false });
  const built = new Map<number, ReturnType<typeof chapterTreeStatement>>();
  app.get('/bare/chapter_tree/:id', async (request, reply) => {
    const id = Number((request.params as { id: string }).id);
    let statement = built.get(id);
    if (!statement) built.set(id, (statement = chapterTreeStatement(builder, id)));
    const [found] = await run(client, statement);
    if (!found) return reply.status(404).send({ success: false });
    return sendDataJson(reply, found.tree as string);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { base: `http://127.0.0.1:${port}`, close: () => app.close() };
}
