import Fastify, { type FastifyInstance } from 'fastify';
import { PgDialect } from 'drizzle-orm/pg-core';
import { chapterTreeStatement, courseStands } from '../server/routes/chapters';
import { sendDataJson } from '../server/routes/entityRoutes';
import { treeCache } from '../server/routes/treeCache';
import type { FieldNames } from '../server/db/statements';
import { builder, run, type RawClient } from './bare';

/** How the standing check's one row reads: one list, so `run` makes its reader once. */
const STANDING: FieldNames = ['one'];

/**
 * The floor the chapter tree is compared with: the handler's own statements (built by its query
 * builder) straight through the driver, its JSON text sent as it comes and kept as the handler
 * keeps it (treeCache.read's steps, through the raw client). No session, no validation, no hooks.
 */
export async function startBareChapterTree(client: RawClient): Promise<{ base: string; close: () => Promise<void> }> {
  const app: FastifyInstance = Fastify({ logger: false });
  // Each course's tree kept with its version, as the handler keeps it: built again only when that changed.
  const trees = treeCache('chapter_tree');
  const dialect = new PgDialect();
  app.get('/bare/chapter_tree/:id', async (request, reply) => {
    const id = Number((request.params as { id: string }).id);
    const held = trees.held(builder, id);
    if (held) {
      const standing = dialect.sqlToQuery(trees.standing(id, held, courseStands(id)));
      if ((await run(client, { ...standing, fields: STANDING })).length > 0) return sendDataJson(reply, trees.answer(builder, id, held, null));
    }
    const [found] = await run(client, chapterTreeStatement(builder, id));
    if (!found) return reply.status(404).send({ success: false });
    return sendDataJson(reply, trees.answer(builder, id, held, found as { version: number | null; tree: string }));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { base: `http://127.0.0.1:${port}`, close: () => app.close() };
}
