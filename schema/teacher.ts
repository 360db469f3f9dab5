import { places } from './places';
import { defineEntity, type EntityInput } from './entity';
import { file, richText, text } from './fields';

export const teacher = defineEntity({
  ...places.teacher,
  table: 'teachers',
  keyword: ['name'],
  fields: {
    name: text({ required: true, max: 64, list: true, sortable: true }),
    title: text({ max: 64, list: true }),
    photo: file('image'),
    introduction: richText({ max: 100_000, list: true }),
  },
});

export type TeacherInput = EntityInput<typeof teacher>;
