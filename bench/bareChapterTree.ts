import Fastify, { type FastifyInstance } from 'fastify';
import { chapterTreeStatement } from '../server/routes/chapters';
import { builder, run, type RawClient } from './bare';

interface BareNode extends Record<string, unknown> {
  id: number;
  parent_id: number;
  children: BareNode[];
}

/**
 * The floor the chapter tree is compared with: the handler's own statement (built once by its
 * query builder) straight through the driver, nested into the same answer. No session, no
 * validation, no query building per request, no response schema, no hooks.
 */
export async function startBareChapterTree(client: RawClient): Promise<{ base: string; close: () => Promise<void> }> {
  const app: FastifyInstance = Fastify({ logger: false });
  const built = new Map<number, ReturnType<typeof chapterTreeStatement>>();
  app.get('/bare/chapter_tree/:id', async (request, reply) => {
    const id = Number((request.params as { id: string }).id);
    let statement = built.get(id);
    if (!statement) built.set(id, (statement = chapterTreeStatement(builder, id)));
    const rows = await run(client, statement);
    if (rows.length === 0) return reply.status(404).send({ success: false });
    const course = { id, title: rows[0].course_title };
    const nodes = rows.filter((row) => row.id !== null).map(({ course_title: _, video_title, ...row }) => ({
      ...row,
      course,
      video: row.video_id === null ? null : { id: row.video_id, title: video_title },
      res_id: row.res_type === 'pdf' ? row.pdf || null : row.video_id,
      children: [],
    })) as unknown as BareNode[];
    const topLevel = nodes.filter((node) => node.parent_id === 0);
    const byId = new Map(topLevel.map((node) => [node.id, node]));
    for (const node of nodes) if (node.parent_id !== 0) byId.get(node.parent_id)?.children.push(node);
    return { success: true, data: topLevel };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { base: `http://127.0.0.1:${port}`, close: () => app.close() };
}
