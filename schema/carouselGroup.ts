import { places } from './places';
import { codePattern, text, textarea } from './fields';
import { defineEntity, type EntityInput } from './entity';

export const carouselGroup = defineEntity({
  ...places.carouselGroup,
  table: 'carousel_groups',
  keyword: ['ucode', 'name', 'description'],
  fields: {
    ucode: text({ required: true, max: 32, pattern: codePattern, unique: true, list: true, sortable: true }),
    name: text({ required: true, max: 64, list: true, sortable: true }),
    description: textarea({ max: 500, list: true }),
  },
});

export type CarouselGroupInput = EntityInput<typeof carouselGroup>;
export type CarouselGroup = CarouselGroupInput & { id: number };
