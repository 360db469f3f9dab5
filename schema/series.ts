import { places } from './places';
import { z } from 'zod';
import { catalogueFields, resourceTypes } from './course';
import { defineEntity, type EntityInput } from './entity';
import { textarea } from './fields';

/**
 * A series: several courses sold together, `/series`. Its courses live in `series_courses` and are
 * managed by their own calls; `available` (published) changes only by publish and unpublish.
 */
export const series = defineEntity({
  ...places.series,
  table: 'series',
  keyword: ['title'],
  searchParam: 'word',
  fields: {
    ...catalogueFields,
    /** Selling points, one a line. */
    features: textarea({ max: 1000 }),
  },
});

export type SeriesInput = EntityInput<typeof series>;

/**
 * A series as the server answers it: the fields, plus what the server keeps itself: `available`
 * (published), `create_at` (epoch ms) and `category_names` (the category's path, top-level first:
 * "Programming / Web development").
 */
export const seriesRecord = series.record.extend({
  available: z.boolean(),
  create_at: z.number().int(),
  category_names: z.string(),
});

/**
 * `GET /api/v1/sys/series`: the declared list query (search `word`) plus `categoryId` (a top-level
 * category also finds the series of its subcategories) and `available` (published or not).
 */
export const seriesListQuery = series.listQuery.extend({
  categoryId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  available: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});

/** `POST /api/v1/sys/series/{id}/courses`: the course ids to add, in the order they go last in. */
export const seriesCourseIds = z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(100);

/** `POST /api/v1/sys/series/{id}/courses/{courseId}`. */
export const seriesCourseParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  courseId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** A course of a series, in the series' order: what its list shows (no rich text). */
export const seriesCourse = z.object({
  id: z.number().int(),
  title: z.string(),
  category_id: z.number().int(),
  category: z.looseObject({ id: z.number().int() }).nullable(),
  cover: z.string(),
  subtitle: z.string(),
  price: z.number(),
  original_price: z.number(),
  teacher_ids: z.array(z.number().int()),
  teachers: z.array(z.looseObject({ id: z.number().int() })),
  res_type: z.enum(resourceTypes),
});

/** What adding courses answers: how many were new, and how many the series now holds. */
export const seriesCoursesAdded = z.object({ added: z.number().int(), total: z.number().int() });

/** `GET /api/v1/series/{id}/courses`: a page of the series' courses. */
export const seriesCoursesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
});
