import { chapter } from '../../schema/chapter';
import type { ResourceType } from '../../schema/course';
import { course } from '../../schema/course';

/** A chapter or section as the tree and `GET /api/v1/chapters/{id}` answer it (schema/chapter.ts's chapterRecord). */
export interface ChapterNode {
  id: number;
  title: string;
  course_id: number;
  parent_id: number;
  preview_enabled: boolean;
  res_type: ResourceType;
  /** The video's id, or the PDF's key; null without a resource. */
  res_id: number | string | null;
  /** The PDF's name as uploaded; empty when unknown (its key is shown then). */
  pdf_name: string;
  video?: { id: number; title?: string } | null;
  begin_at: number | null;
  sort_order: number;
  children: ChapterNode[];
}

/** Chapters are reached under their course: SPEC.md's /course/{courseId}/chapter and the routes below it. */
const base = (courseId: number) => `/${course.resource}/${courseId}/${chapter.resource}`;

export const chapterAddresses = {
  tree: base,
  createChapter: (courseId: number) => `${base(courseId)}/create`,
  /** Both segments name the owning chapter: the section's parent is that chapter. */
  createSection: (courseId: number, chapterId: number) => `${base(courseId)}/${chapterId}/section/${chapterId}/create`,
  /** `idx` is the number the tree shows for the item. */
  editChapter: (courseId: number, chapterId: number, idx: number) => `${base(courseId)}/${chapterId}/edit?idx=${idx}`,
  editSection: (courseId: number, sectionId: number, parentId: number, idx: number) => `${base(courseId)}/${sectionId}/section/${parentId}/edit?idx=${idx}`,
};

/** The tree's query: one per course, shared by the tree screen and the forms (which read places from it). */
export const chapterTreeKey = (courseId: number) => [chapter.resource, 'tree', courseId];
export const chapterTreePath = (courseId: number) => `${course.api}/${courseId}/chapters/tree`;

/** A route's id segment as a record id; anything else names no record. */
export function recordIdOf(segment: string | undefined): number | undefined {
  const value = Number(segment);
  return Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : undefined;
}

/** Where an item sits in the tree: its parent chapter (for a section) and its 1-based place among its siblings. */
export function placeOf(tree: ChapterNode[], id: number): { parent?: ChapterNode; place: number } | undefined {
  for (const [index, node] of tree.entries()) {
    if (node.id === id) return { place: index + 1 };
    const childIndex = node.children.findIndex((child) => child.id === id);
    if (childIndex >= 0) return { parent: node, place: childIndex + 1 };
  }
  return undefined;
}
