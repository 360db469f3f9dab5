import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, idParams, page, success } from '../../schema/envelope';
import {
  playbackQuery,
  versionBody,
  versionPatch,
  video,
  videoListItem,
  videoQualities,
  videoVersion,
  videoWithVersions,
  type VideoFormat,
  type VideoQuality,
} from '../../schema/video';
import type { Database, Executor } from '../db/client';
import { chapters, courses, videos, videoVersions } from '../db/schema';
import { Conflict, NotFound } from '../errors';
import { publicFileUrl } from '../storage/publicAddress';
import { addedColumn, entityColumns } from '../export/columns';
import { entityRoutes, entityStore, type ListQuery } from './entityRoutes';
import { pageSerializerCompiler } from '../serialization';

type Row = Record<string, unknown>;
interface Version extends Row {
  id: number;
  file: string;
  format: VideoFormat;
  quality: VideoQuality;
}

// The count rides in the page's own statement: one round trip per list, whatever the page size.
export const videoStore = entityStore(video, videos, {
  // Spelt out: drizzle leaves columns unqualified in a one-table select, which would turn the
  // outer `videos.id` into the version's own id.
  computed: { version_count: sql<number>`(select count(*)::int from video_versions where video_versions.video_id = videos.id)` },
});
const versionStore = entityStore(videoVersion, videoVersions);

// The generic view of the answers: rows are checked against these schemas when answering.
const listAnswer = success(page(videoListItem)) as unknown as z.ZodType<{ success: true; data: { items: Row[]; total: number } }>;
const videoAnswer = success(videoWithVersions) as unknown as z.ZodType<{ success: true; data: Row }>;
const versionAnswer = success(videoVersion.record) as unknown as z.ZodType<{ success: true; data: Row }>;
const listQuery = video.listQuery as unknown as z.ZodType<ListQuery>;

/** Place on the SH > H > M > L ladder: 0 is the best. */
const rank = (quality: VideoQuality) => videoQualities.indexOf(quality);

/** Best quality first, then in the order they were added. */
const bestFirst = (versions: Version[]) => [...versions].sort((a, b) => rank(a.quality) - rank(b.quality) || a.id - b.id);

/** The version to play: the wanted quality, else the nearest on the ladder, the better one on a tie. */
function nearest(versions: Version[], wanted: VideoQuality): Version | undefined {
  const distance = (version: Version) => Math.abs(rank(version.quality) - rank(wanted));
  return bestFirst(versions).sort((a, b) => distance(a) - distance(b))[0];
}

async function versionsOf(db: Executor, videoId: number, where?: SQL): Promise<Version[]> {
  const rows = await db
    .select(versionStore.selection)
    .from(videoVersions)
    .where(and(eq(videoVersions.video_id, videoId), where))
    .orderBy(asc(videoVersions.id));
  return rows as Version[];
}

async function requireVideo(db: Executor, videoId: number) {
  const [found] = await db.select({ id: videos.id }).from(videos).where(eq(videos.id, videoId));
  if (!found) throw new NotFound();
}

/**
 * One version per format and quality, so playback is never ambiguous: a second one is a 409 (the
 * unique index refuses it too when two requests race).
 */
async function refuseDuplicate(db: Executor, videoId: number, version: { format: VideoFormat; quality: VideoQuality }, exceptId?: number) {
  const [taken] = await db
    .select({ id: videoVersions.id })
    .from(videoVersions)
    .where(
      and(
        eq(videoVersions.video_id, videoId),
        eq(videoVersions.format, version.format),
        eq(videoVersions.quality, version.quality),
        exceptId === undefined ? undefined : ne(videoVersions.id, exceptId),
      ),
    );
  if (taken) throw new Conflict('app.error.version_exists', { format: version.format, quality: version.quality });
}

/**
 * A video that a chapter or section plays cannot be deleted: a 409 naming it, how many use it, and
 * the first of them with its course, so the operator knows where to go. The row is locked before
 * counting, so no chapter can take it up between the count and the delete; the restricting foreign
 * key is the backstop.
 */
async function refuseWhilePlayed(tx: Executor, videoId: number) {
  const [found] = await tx.select({ title: videos.title }).from(videos).where(eq(videos.id, videoId)).for('update');
  if (!found) return;
  const [first] = await tx
    .select({ chapter: chapters.title, course: courses.title, total: sql<number>`count(*) over ()::int` })
    .from(chapters)
    .innerJoin(courses, eq(courses.id, chapters.course_id))
    .where(eq(chapters.video_id, videoId))
    .orderBy(asc(chapters.course_id), asc(chapters.id))
    .limit(1);
  if (first)
    throw new Conflict('app.error.video_in_use', { title: found.title as string, chapter: first.chapter as string, course: first.course as string, smart_count: first.total });
}

/** Videos and their playable versions (SPEC.md "Videos and versions"). */
export const videoRoutes: FastifyPluginAsyncZod = async (app) => {
  const db: Database = app.db;
  const tags = [video.resource];
  const onVideo = (access: keyof typeof video.privileges) => ({ access: video.privileges[access], resource: video.resource });
  const onVersion = (access: keyof typeof videoVersion.privileges) => ({ access: videoVersion.privileges[access], resource: videoVersion.resource });

  await app.register(entityRoutes(videoStore, { only: ['create', 'update', 'delete'], beforeDelete: refuseWhilePlayed }));
  // Deleting a video deletes its versions through the cascading foreign key.
  await app.register(entityRoutes(versionStore, { only: ['delete'] }));

  app.get(video.listApi, {
    config: { ...onVideo('read'), csv: { columns: entityColumns(video, [addedColumn(video, 'version_count')]), rows: (request) => videoStore.exportRows(db, request.query as ListQuery) } },
    serializerCompiler: pageSerializerCompiler(app.appConfig.checkAnswers),
    schema: {
      tags,
      summary: 'List videos, a page at a time, each with its number of versions',
      querystring: listQuery,
      response: { 200: listAnswer, ...failures },
    },
    handler: async (request) => {
      return { success: true as const, data: await videoStore.list(db, request.query, undefined, request.log) };
    },
  });

  app.get(`${video.api}/:id`, {
    config: onVideo('read'),
    schema: { tags, summary: 'One video with its versions, best quality first', params: idParams, response: { 200: videoAnswer, ...failures } },
    handler: async (request) => {
      const record = await videoStore.read(db, request.params.id);
      return { success: true as const, data: { ...record, versions: bestFirst(await versionsOf(db, request.params.id)) } };
    },
  });

  app.post(`${video.api}/:id/versions`, {
    config: onVersion('write'),
    schema: {
      tags,
      summary: 'Add a version to a video',
      description: 'One version per format and quality: a second one answers 409. `quality` may be sent in lower case; it is stored in upper case.',
      params: idParams,
      body: versionBody,
      response: { 200: versionAnswer, ...failures },
    },
    handler: async (request) => {
      const videoId = request.params.id;
      const created = await db.transaction(async (tx) => {
        await requireVideo(tx, videoId);
        await refuseDuplicate(tx, videoId, request.body);
        return versionStore.create(tx, request.body, { video_id: videoId });
      });
      return { success: true as const, data: created };
    },
  });

  app.put(`${video.api}/:id/versions`, {
    config: onVersion('write'),
    schema: {
      tags,
      summary: 'Change the fields of a version that the body names',
      description: 'The body names the version by `id`; it must belong to this video (404 otherwise). Fields left out keep their stored values.',
      params: idParams,
      body: versionPatch,
      response: { 200: versionAnswer, ...failures },
    },
    handler: async (request) => {
      const videoId = request.params.id;
      const { id, ...changes } = request.body;
      const updated = await db.transaction(async (tx) => {
        const [stored] = await versionsOf(tx, videoId, eq(videoVersions.id, id));
        if (!stored) throw new NotFound();
        await refuseDuplicate(tx, videoId, { format: changes.format ?? stored.format, quality: changes.quality ?? stored.quality }, id);
        return versionStore.update(tx, id, changes);
      });
      return { success: true as const, data: updated };
    },
  });

  app.get(`${video.api}/:id/playback`, {
    config: onVideo('read'),
    schema: {
      tags,
      summary: 'The address to play a video at',
      description:
        'The version in that format and quality, else the nearest quality in that format on the SH > H > M > L ladder ' +
        '(the better one on a tie); 404 when the video has no version in that format.',
      params: idParams,
      querystring: playbackQuery,
      response: { 200: success(z.object({ path: z.string() })), ...failures },
    },
    handler: async (request) => {
      const { format, quality } = request.query;
      await requireVideo(db, request.params.id);
      const chosen = nearest(await versionsOf(db, request.params.id, eq(videoVersions.format, format)), quality);
      if (!chosen) throw new NotFound('app.error.no_version_in_format', { format });
      return { success: true as const, data: { path: publicFileUrl(request, chosen.file) } };
    },
  });
};
