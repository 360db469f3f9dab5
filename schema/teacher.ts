import { defineEntity, type EntityInput } from './entity';
import { file, richText, text } from './fields';

export const teacher = defineEntity({
  resource: 'teacher',
  table: 'teachers',
  api: '/api/v1/teachers',
  listApi: '/api/v1/teachers/pager',
  idKey: 'id',
  titleField: 'name',
  keyword: ['name'],
  defaultSort: { field: 'id', order: 'desc' },
  privileges: { read: 'teacher:read', write: 'teacher:write', delete: 'teacher:delete' },
  fields: {
    name: text({ required: true, max: 64, list: true, sortable: true }),
    title: text({ max: 64, list: true }),
    photo: file('image'),
    introduction: richText({ max: 100_000, list: true }),
  },
});

export type TeacherInput = EntityInput<typeof teacher>;
