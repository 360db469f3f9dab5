import { codePattern, text, textarea } from './fields';
import { defineEntity, type EntityInput } from './entity';

export const carouselGroup = defineEntity({
  resource: 'carousel_group',
  table: 'carousel_groups',
  api: '/api/v1/carousel_groups',
  idKey: 'id',
  titleField: 'name',
  keyword: ['ucode', 'name', 'description'],
  defaultSort: { field: 'id', order: 'desc' },
  privileges: { read: 'carousel:read', write: 'carousel:write', delete: 'carousel:delete' },
  fields: {
    ucode: text({ required: true, max: 32, pattern: codePattern, unique: true, list: true, sortable: true }),
    name: text({ required: true, max: 64, list: true, sortable: true }),
    description: textarea({ max: 500, list: true }),
  },
});

export type CarouselGroupInput = EntityInput<typeof carouselGroup>;
export type CarouselGroup = CarouselGroupInput & { id: number };
