import Fastify, { type FastifyInstance } from 'fastify';
import { chapterTreeStatement } from '../server/routes/chapters';
import { sendDataJson } from '../server/routes/entityRoutes';
import { treeCache } from '../server/routes/treeCache';
import { builder, run, type RawClient } from './bare';

/**
 * The floor the chapter tree is compared with: the handler's own statement (built once by its
 * query builder) straight through the driver, its JSON text sent as it comes, and kept with its
 * version as the handler keeps it. No session, no validation, no query building per request, no hooks.
 */
export async function startBareChapterTree(client: RawClient): Promise<{ base: string; close: () => Promise<void> }> {
  const app: FastifyInstance = Fastify({ logger: false });
  // Each course's tree kept with its version, as the handler keeps it: the statement builds it again only when that changed.
  const trees = treeCache('chapter_tree');
  app.get('/bare/chapter_tree/:id', async (request, reply) => {
    const id = Number((request.params as { id: string }).id);
    const held = trees.held(builder, id);
    const [found] = await run(client, chapterTreeStatement(builder, id, held?.version ?? -1));
    if (!found) return reply.status(404).send({ success: false });
    return sendDataJson(reply, trees.answer(builder, id, held, found as { version: number | null; tree: string | null }));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { base: `http://127.0.0.1:${port}`, close: () => app.close() };
}
