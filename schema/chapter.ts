import { places } from './places';
import { z } from 'zod';
import { treeNode } from './category';
import { course, resourceTypes } from './course';
import { defineEntity, type EntityInput } from './entity';
import { boolean, choice, datetime, file, fileKey, integer, reference, text } from './fields';
import { video } from './video';

/**
 * A chapter of a course (`parent_id` 0) or a section of a chapter (`parent_id` = the chapter's id).
 * Its resource is a video (`video_id`) or an uploaded PDF (`pdf`); on the wire both travel as
 * SPEC.md's `res_id`, read by `res_type`.
 */
export const chapter = defineEntity({
  ...places.chapter,
  table: 'chapters',
  keyword: [],
  fields: {
    title: text({ required: true, max: 128 }),
    course_id: reference(() => course, { required: true, as: 'course' }),
    parent_id: integer({ min: 0, max: 2_147_483_647 }),
    preview_enabled: boolean(),
    res_type: choice(resourceTypes, { default: 'video' }),
    video_id: reference(() => video, { as: 'video' }),
    pdf: file('pdf'),
    /** The PDF's name as it was uploaded (`handout.pdf`), shown instead of its stored key; empty without a PDF. */
    pdf_name: text({ max: 255 }),
    begin_at: datetime(),
  },
});

const recordId = z.number().int().positive().max(2_147_483_647);

/**
 * SPEC.md's `res_id`: the video's id when `res_type` is `video`, the PDF's file key when it is
 * `pdf`, null or absent when the chapter has no resource yet.
 */
export const resourceId = z.union([recordId, fileKey.min(1)]).nullish();

/** `POST /api/v1/chapters`: title, preview_enabled, res_type, res_id, begin_at, course_id, parent_id. */
export const chapterBody = chapter.input.omit({ video_id: true, pdf: true }).extend({ res_id: resourceId });
/** `PUT /api/v1/chapters/{id}`: the fields it names; a chapter stays in its course and under its parent. */
export const chapterPatch = chapter.patch.omit({ video_id: true, pdf: true, course_id: true, parent_id: true }).extend({ res_id: resourceId });

/** A chapter as the server answers it: the stored fields, `res_id`, and its place among its siblings. */
export const chapterRecord = chapter.record.extend({ res_id: z.union([z.number().int(), z.string()]).nullable(), sort_order: z.number().int() });
/** `GET /api/v1/courses/{id}/chapters/tree`: chapters in order, each with its sections in order. */
export const chapterTree = z.array(treeNode(chapterRecord));

export type ChapterInput = EntityInput<typeof chapter>;
export type ChapterBody = z.output<typeof chapterBody>;
export interface ChapterNode extends z.output<typeof chapterRecord> {
  children: ChapterNode[];
}
