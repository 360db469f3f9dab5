import Fastify, { type FastifyInstance } from 'fastify';
import type { RawClient } from './bare';

const treeSql = `
  select k.title as course_title, c.id, c.title, c.course_id, c.parent_id, c.preview_enabled, c.res_type, c.video_id, c.pdf,
         c.begin_at, c.sort_order, v.title as video_title
  from courses k left join chapters c on c.course_id = k.id left join videos v on v.id = c.video_id
  where k.id = $1
  order by c.parent_id, c.sort_order, c.id`;

interface BareNode extends Record<string, unknown> {
  id: number;
  parent_id: number;
  children: BareNode[];
}

/**
 * The floor the chapter tree is compared with: the same statement straight through the driver,
 * nested into the same answer. No session, no validation, no query builder, no hooks.
 */
export async function startBareChapterTree(client: RawClient): Promise<{ base: string; close: () => Promise<void> }> {
  const app: FastifyInstance = Fastify({ logger: false });
  app.get('/bare/chapter_tree/:id', async (request, reply) => {
    const id = Number((request.params as { id: string }).id);
    const rows = (await client.query(treeSql, [id])).rows;
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
