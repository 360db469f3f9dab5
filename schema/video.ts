import { places } from './places';
import { z } from 'zod';
import { defineEntity, type EntityInput } from './entity';
import { choice, file, integer, text } from './fields';

export const videoFormats = ['mp4', 'm3u8', 'flv'] as const;
export type VideoFormat = (typeof videoFormats)[number];
/** Super clear, high, standard, smooth: best first. */
export const videoQualities = ['SH', 'H', 'M', 'L'] as const;
export type VideoQuality = (typeof videoQualities)[number];

export const video = defineEntity({
  ...places.video,
  table: 'videos',
  keyword: ['title'],
  fields: {
    title: text({ required: true, max: 128, list: true, sortable: true }),
  },
});

/** SPEC.md's data also lists qualities in lower case: both are taken, upper case is stored. */
const quality = choice(videoQualities, { required: true, list: true });
quality.zod = z.preprocess((value) => (typeof value === 'string' ? value.toUpperCase() : value), quality.zod) as typeof quality.zod;

/** A playable file of a video: `/video/{id}/version`. */
export const videoVersion = defineEntity({
  ...places.videoVersion,
  table: 'video_versions',
  keyword: [],
  fields: {
    video_id: integer({ required: true, min: 1, max: 2_147_483_647 }),
    file: file('video', { required: true, list: true }),
    format: choice(videoFormats, { required: true, list: true }),
    quality,
  },
});

const recordId = z.number().int().positive().max(2_147_483_647);

/** `POST /api/v1/videos/{id}/versions`: the video comes from the address. */
export const versionBody = videoVersion.input.omit({ video_id: true });
/** `PUT /api/v1/videos/{id}/versions`: which version, and the fields to change (the others keep their values). */
export const versionPatch = videoVersion.patch.omit({ video_id: true }).extend({ id: recordId });
/** `GET /api/v1/videos/{id}/playback`: the wanted quality (either case) and format. */
export const playbackQuery = z.object({ quality: videoVersion.fields.quality.zod, format: videoVersion.fields.format.zod });

/** A row of `/api/v1/videos/pager`. */
export const videoListItem = video.record.extend({ version_count: z.number().int() });
/** `GET /api/v1/videos/{id}`: the video and its versions, best quality first. */
export const videoWithVersions = video.record.extend({ versions: z.array(videoVersion.record) });

export type VideoInput = EntityInput<typeof video>;
export type VideoVersionInput = EntityInput<typeof videoVersion>;
