import { and, eq, fillPlaceholders, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderBody } from '../../schema/category';
import { chapter, chapterBody, chapterPatch, chapterRecord, chapterTree } from '../../schema/chapter';
import type { ResourceType } from '../../schema/course';
import { failures, idParams, success } from '../../schema/envelope';
import type { Database, Executor } from '../db/client';
import { chapters, courses, videos } from '../db/schema';
import { columnsOf } from '../db/tables';
import { BadRequest, NotFound } from '../errors';
import { entityStore, sendDataJson, type Statement } from './entityRoutes';
import { siblingOrder, type Place } from './siblingOrder';
import { treeCache } from './treeCache';

type Row = Record<string, unknown>;

const column = columnsOf(chapters);
// `sort_order` rides in the read's own statement: one table, so the column needs no qualifier.
const store = entityStore(chapter, chapters, { computed: { sort_order: sql<number>`${column.sort_order}` } });
// Chapters of one course are siblings (parent 0), and so are the sections of one chapter.
const order = siblingOrder({ table: chapters, id: column.id, parent: column.parent_id, order: column.sort_order, scope: [column.course_id] });
const siblingsOf = (courseId: number, parentId: number): Place => ({ parent: parentId, scope: [courseId] });

/**
 * The one place `res_id` meets its columns: a video's id is kept in `video_id`, a PDF's file key in
 * `pdf` and the name it was uploaded under in `pdf_name`; the other type's columns are always
 * empty, so a video is released when a chapter switches to a PDF.
 */
const resource = {
  toWire: (row: Row): number | string | null => (row.res_type === 'pdf' ? (row.pdf as string) || null : ((row.video_id as number | null) ?? null)),
  toColumns: (type: ResourceType, resId: number | string | null, pdfName = '') => ({
    video_id: type === 'video' ? (resId as number | null) : null,
    pdf: type === 'pdf' ? ((resId as string | null) ?? '') : '',
    pdf_name: type === 'pdf' && resId !== null ? pdfName : '',
  }),
};

/** A record as every chapter call answers it: the stored fields, `res_id`, its place among its siblings. */
const answer = (record: Row, sortOrder: number) => ({ ...record, res_id: resource.toWire(record), sort_order: sortOrder });

const bad = (field: string, key: string) => new BadRequest('app.error.invalid_input', {}, { [field]: { key } });

/**
 * `res_id` read by `res_type`: a video's id (the video row stays key-share-locked until the
 * transaction ends, so it cannot be deleted meanwhile) or a PDF's file key; null means none.
 */
async function checkResource(tx: Executor, type: ResourceType, resId: number | string | null, pdfName?: string) {
  if (resId === null) return resource.toColumns(type, null);
  if (type === 'video') {
    if (typeof resId !== 'number') throw bad('res_id', 'app.validation.video_id_expected');
    const [found] = await tx.select({ id: videos.id }).from(videos).where(eq(videos.id, resId)).for('key share');
    if (!found) throw bad('res_id', 'app.validation.reference_missing');
  } else if (typeof resId !== 'string' || !/\.pdf$/i.test(resId)) {
    throw bad('res_id', 'app.validation.pdf_key_expected');
  }
  return resource.toColumns(type, resId, pdfName);
}

/**
 * A chapter belongs to an existing course; a section to a chapter (not a section) of the same
 * course. Both rows stay key-share-locked, so neither can be deleted before the insert commits.
 */
async function checkPlace(tx: Executor, courseId: number, parentId: number) {
  const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for('key share');
  if (!course) throw bad('course_id', 'app.validation.reference_missing');
  if (parentId === 0) return;
  const [parent] = await tx
    .select({ course_id: column.course_id, parent_id: column.parent_id })
    .from(chapters)
    .where(eq(column.id, parentId))
    .for('key share');
  if (!parent) throw bad('parent_id', 'app.validation.reference_missing');
  if (parent.course_id !== courseId) throw bad('parent_id', 'app.validation.chapter_other_course');
  if (parent.parent_id !== 0) throw bad('parent_id', 'app.validation.section_depth');
}

/** `res_id` as the database writes it into the tree: `resource.toWire`'s rule, in SQL. */
const resIdJson = sql`case when ${column.res_type} = 'pdf' then to_json(nullif(${column.pdf}, '')) else to_json(${column.video_id}) end`;

/** A course's chapter tree, sent again from memory while its version stands (migration 0024). */
const trees = treeCache('chapter_tree');

/**
 * A course's chapters in order, each with its sections in theirs, as the JSON text the database
 * builds in one statement whatever the number of sections (a node is the record a read answers,
 * with `children`), with the course's tree version; no row for an unknown course (404), `[]` for a
 * course without chapters.
 */
const treeQuery = (db: Executor) =>
  db
    .select(trees.columns(sql`${courses.id}`, order.treeJson((children) => store.recordJson({ res_id: resIdJson, children }), [sql`${courses.id}`])))
    .from(courses)
    .where(eq(courses.id, sql.placeholder('courseId')));
/** The tree's statement, built once for each database handle (unnamed: planned per call). */
const preparedTrees = new WeakMap<Executor, { query: ReturnType<ReturnType<typeof treeQuery>['prepare']>; statement: Statement }>();
function preparedTree(db: Executor) {
  let prepared = preparedTrees.get(db);
  if (!prepared) {
    const query = treeQuery(db);
    prepared = { query: query.prepare(''), statement: { ...query.toSQL(), fields: ['version', 'tree'] } };
    preparedTrees.set(db, prepared);
  }
  return prepared;
}

/** The statement that builds a course's chapter tree, its id bound: the bench's bare route sends it itself. */
export function chapterTreeStatement(db: Executor, courseId: number): Statement {
  const { statement } = preparedTree(db);
  return { ...statement, params: fillPlaceholders(statement.params, { courseId }) };
}

/** A kept tree stands only while its course does: a course without chapters is deleted without a new version. */
export const courseStands = (courseId: number) => sql`exists (select from ${courses} where ${courses.id} = ${courseId}::int)`;

/** The tree's answer as the bytes sent (its shape is `chapterTree`'s, which the tests check). */
async function readTree(db: Executor, courseId: number): Promise<Buffer> {
  const body = await trees.read(db, courseId, async () => (await preparedTree(db).query.execute({ courseId }))[0], courseStands(courseId));
  if (body === undefined) throw new NotFound();
  return body;
}

async function readNode(db: Executor, id: number) {
  const { sort_order, ...record } = await store.read(db, id);
  return answer(record, sort_order as number);
}

/** The chapter, row-locked for the rest of the transaction; 404 when it does not exist. */
async function lockedChapter(tx: Executor, id: number) {
  const [row] = await tx
    .select({ course_id: column.course_id, parent_id: column.parent_id, res_type: column.res_type, video_id: column.video_id, pdf: column.pdf, sort_order: column.sort_order })
    .from(chapters)
    .where(eq(column.id, id))
    .for('update');
  if (!row) throw new NotFound();
  return row;
}

const resIdText =
  '`res_id` is read by `res_type`: a video\'s id when it is `video` (the video must exist), the key of an uploaded PDF ' +
  '(ending in `.pdf`) when it is `pdf`; null or absent: no resource yet. Answers carry `res_id` and, when it plays a video, ' +
  '`video: {id, title}`. `pdf_name` is the name the PDF was uploaded under (up to 255 characters), shown instead of its key; ' +
  'it is kept only with a PDF (empty otherwise), and a `pdf_name` alone renames the stored one.';

/** Chapters and sections of a course (SPEC.md "Chapters"); their privileges are the course's. */
export const chapterRoutes: FastifyPluginAsyncZod = async (app) => {
  const db: Database = app.db;
  const config = (access: keyof typeof chapter.privileges) => ({ access: chapter.privileges[access], resource: chapter.resource });
  const tags = [chapter.resource];
  const one = `${chapter.api}/:id`;

  app.get('/api/v1/courses/:id/chapters/tree', {
    config: config('read'),
    schema: {
      tags,
      summary: 'The chapters of a course, each with its sections',
      description: `Chapters (\`parent_id\` 0) in their order, each with its sections in theirs. ${resIdText} 404 for an unknown course.`,
      params: idParams,
      response: { 200: success(chapterTree), ...failures },
    },
    handler: async (request, reply) => sendDataJson(reply, await readTree(db, request.params.id)),
  });

  app.get(one, {
    config: config('read'),
    schema: { tags, summary: 'One chapter or section', description: resIdText, params: idParams, response: { 200: success(chapterRecord), ...failures } },
    handler: async (request) => ({ success: true as const, data: await readNode(db, request.params.id) }),
  });

  app.post(chapter.api, {
    config: config('write'),
    schema: {
      tags,
      summary: 'Create a chapter or a section',
      description:
        '`parent_id` 0 makes a chapter of the course; a chapter\'s id makes a section under it (a chapter of the same course, ' +
        `never a section: only two levels). It goes last among its siblings. ${resIdText}`,
      body: chapterBody,
      response: { 200: success(chapterRecord), ...failures },
    },
    handler: async (request) => {
      const { res_id, pdf_name, ...fields } = request.body;
      const created = await db.transaction(async (tx) => {
        const place = siblingsOf(fields.course_id as number, fields.parent_id);
        await order.lock(tx, [place]);
        await checkPlace(tx, place.scope[0], place.parent);
        const columns = await checkResource(tx, fields.res_type, res_id ?? null, pdf_name);
        const sortOrder = await order.next(tx, place);
        return answer(await store.create(tx, { ...fields, ...columns }, { sort_order: sortOrder }), sortOrder);
      });
      return { success: true as const, data: created };
    },
  });

  app.put(one, {
    config: config('write'),
    schema: {
      tags,
      summary: 'Change the fields of a chapter or section that the body names',
      description:
        'Fields left out keep their stored values. A chapter stays in its course and under its parent: `course_id` and ' +
        `\`parent_id\` are not read (move it with the order call). ${resIdText} A \`res_id\` alone is read by the stored ` +
        '`res_type`. A new `res_type` needs its `res_id` in the same body (null for none) while the chapter has a resource, ' +
        'since the old one belongs to the other type: 400 under `res_id` otherwise.',
      params: idParams,
      body: chapterPatch,
      response: { 200: success(chapterRecord), ...failures },
    },
    handler: async (request) => {
      const { res_id, pdf_name, ...fields } = request.body;
      const updated = await db.transaction(async (tx) => {
        const stored = await lockedChapter(tx, request.params.id);
        const type = fields.res_type ?? (stored.res_type as ResourceType);
        let columns = {};
        // A new PDF without its name has none (its key is shown); a name alone renames the stored PDF.
        if (res_id !== undefined) columns = await checkResource(tx, type, res_id, pdf_name);
        else if (type !== stored.res_type) {
          if (resource.toWire(stored) !== null) throw bad('res_id', 'app.validation.resource_for_new_type');
          columns = resource.toColumns(type, null);
        } else if (pdf_name !== undefined) columns = { pdf_name: resource.toColumns(type, resource.toWire(stored), pdf_name).pdf_name };
        return answer(await store.update(tx, request.params.id, { ...fields, ...columns }), stored.sort_order as number);
      });
      return { success: true as const, data: updated };
    },
  });

  app.delete(one, {
    config: config('delete'),
    schema: {
      tags,
      summary: 'Delete a chapter with its sections, or a section',
      description: 'Its sections go in the same transaction; the siblings it leaves are renumbered 1..n.',
      params: idParams,
      response: { 200: success(z.null()), ...failures },
    },
    handler: async (request) => {
      const id = request.params.id;
      await db.transaction(async (tx) => {
        const place = await order.lockedPlaceOf(tx, id);
        // Locked first: a section being added under it waits, then finds its chapter gone.
        const { course_id } = await lockedChapter(tx, id);
        if (place.parent === 0) await tx.delete(chapters).where(and(eq(column.course_id, course_id), eq(column.parent_id, id)));
        await order.closeGap(tx, place, id);
        await store.remove(tx, id);
      });
      return { success: true as const, data: null };
    },
  });

  app.put(`${one}/order`, {
    config: config('write'),
    schema: {
      tags,
      summary: 'Move a chapter or section among its siblings',
      description:
        'Places it after `after_id` (0: first) and before `before_id` (0: last); both must be its siblings (chapters of the ' +
        'same course, or sections of the same chapter) and be next to each other once it stands between them. ' +
        'Sibling order stays 1..n.',
      params: idParams,
      body: orderBody,
      response: { 200: success(chapterRecord), ...failures },
    },
    handler: async (request) => {
      const moved = await db.transaction(async (tx) => {
        await order.move(tx, request.params.id, request.body);
        return readNode(tx, request.params.id);
      });
      return { success: true as const, data: moved };
    },
  });
};
