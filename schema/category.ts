import { places } from './places';
import { z } from 'zod';
import { defineEntity, type EntityInput } from './entity';
import { integer, text } from './fields';

/** The two-level course category tree: top-level categories have `parent_id` 0. */
export const category = defineEntity({
  ...places.category,
  table: 'categories',
  keyword: ['title'],
  fields: {
    title: text({ required: true, max: 32, list: true }),
    parent_id: integer({ min: 0, max: 2_147_483_647 }),
  },
});

export type CategoryInput = EntityInput<typeof category>;
export interface CategoryNode extends CategoryInput {
  id: number;
  children: CategoryNode[];
}

/** A node of a two-level tree as the server answers it: the record and its children, in order. */
export const treeNode = <T extends z.ZodObject>(record: T) =>
  record.extend({ children: z.array(record.extend({ children: z.array(z.never()).max(0) })) });

/** `PUT .../{id}/order`: the sibling the item will follow and the one it will precede (0: none). */
export const orderBody = z.object({
  after_id: z.number().int().min(0).max(2_147_483_647),
  before_id: z.number().int().min(0).max(2_147_483_647),
});
