import { z } from 'zod';
import { defineEntity, type EntityInput } from './entity';
import { choice, file, integer, text } from './fields';

export const videoFormats = ['mp4', 'm3u8', 'flv'] as const;
export type VideoFormat = (typeof videoFormats)[number];
/** Super clear, high, standard, smooth: best first. */
export const videoQualities = ['SH', 'H', 'M', 'L'] as const;
export type VideoQuality = (typeof videoQualities)[number];

export const video = defineEntity({
  resource: 'video',
  table: 'videos',
  api: '/api/v1/videos',
  listApi: '/api/v1/videos/pager',
  idKey: 'id',
  titleField: 'title',
  keyword: ['title'],
  defaultSort: { field: 'id', order: 'desc' },
  privileges: { read: 'video:read', write: 'video:write', delete: 'video:delete' },
  fields: {
    title: text({ required: true, max: 128, list: true, sortable: true }),
  },
});

/** SPEC.md's data also lists qualities in lower case: both are taken, upper case is stored. */
const quality = choice(videoQualities, { required: true, list: true });
quality.zod = z.preprocess((value) => (typeof value === 'string' ? value.toUpperCase() : value), quality.zod) as typeof quality.zod;

/** A playable file of a video: `/video/{id}/version`. */
export const videoVersion = defineEntity({
  resource: 'video_version',
  table: 'video_versions',
  api: '/api/v1/videos/versions',
  idKey: 'id',
  titleField: 'file',
  keyword: [],
  defaultSort: { field: 'id', order: 'asc' },
  privileges: { read: 'video:read', write: 'video:write', delete: 'video:delete' },
  fields: {
    video_id: integer({ required: true, min: 1, max: 2_147_483_647 }),
    file: file('video', { required: true, list: true }),
    format: choice(videoFormats, { required: true, list: true }),
    quality,
  },
});

export type VideoInput = EntityInput<typeof video>;
export type VideoVersionInput = EntityInput<typeof videoVersion>;
