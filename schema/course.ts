import { places } from './places';
import { z } from 'zod';
import { category } from './category';
import { defineEntity, type EntityInput } from './entity';
import { choice, file, money, references, reference, richText, text, textarea } from './fields';
import { teacher } from './teacher';

/** What a course's lessons are: videos or PDF documents (SPEC.md's `res_type`). */
export const resourceTypes = ['video', 'pdf'] as const;
export type ResourceType = (typeof resourceTypes)[number];

/** What a course and a series both say of themselves: the catalogue's shared description. */
export const catalogueFields = {
    title: text({ required: true, max: 128, list: true, sortable: true }),
    category_id: reference(() => category, { required: true, as: 'category', list: true }),
    cover: file('image'),
    teacher_ids: references(() => teacher, { as: 'teachers', show: ['title', 'introduction', 'photo'], max: 20 }),
    subtitle: text({ max: 128 }),
    price: money({ list: true, sortable: true }),
    original_price: money(),
    brief: textarea({ max: 500 }),
    suit_crowds: text({ max: 200 }),
    introduction: richText({ max: 200_000 }),
};

/** A course: `/course`, its chapters at `/course/{id}/chapter`. */
export const course = defineEntity({
  ...places.course,
  table: 'courses',
  keyword: ['title'],
  fields: {
    ...catalogueFields,
    res_type: choice(resourceTypes, { default: 'video' }),
  },
});

export type CourseInput = EntityInput<typeof course>;

/**
 * `GET /api/v1/courses/pager`: the declared list query plus `categoryId`, SPEC.md's name for the
 * category filter; a top-level category also finds the courses of its subcategories.
 */
export const courseListQuery = course.listQuery.extend({
  categoryId: z.coerce
    .number()
    .int()
    .positive()
    .max(2_147_483_647)
    .optional()
    .describe('A category: the courses filed under it and, for a top-level category, under its subcategories'),
});

/**
 * An original price is what the course cost before: when it is set (above 0) it may not be below
 * the price. 0 means none is shown (a free course has both at 0).
 */
export const originalPriceBelowPrice = (price: number, originalPrice: number) => originalPrice > 0 && originalPrice < price;
