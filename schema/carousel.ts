import { places } from './places';
import { carouselGroup } from './carouselGroup';
import { course } from './course';
import { defineEntity, type EntityInput } from './entity';
import { choice, file, reference, text, textarea } from './fields';

/** What a carousel leads to: SPEC.md knows only courses. */
export const carouselTargetTypes = ['course'] as const;

/** `#RGB` or `#RRGGBB`. */
export const colourPattern = { regex: /^#(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$/, message: 'app.validation.color' };
/** A web address the app can open: http or https, no spaces. */
export const httpLinkPattern = { regex: /^https?:\/\/[^\s/?#]+\S*$/, message: 'app.validation.http_link' };

/** A banner in a carousel group: `/carousel`, listed one group at a time. */
export const carousel = defineEntity({
  ...places.carousel,
  table: 'carousels',
  keyword: ['title', 'description'],
  fields: {
    title: text({ required: true, max: 64, list: true, sortable: true }),
    description: textarea({ max: 500, list: true }),
    carousel_group_id: reference(() => carouselGroup, { required: true, as: 'carousel_group', filter: true, list: true }),
    target_type: choice(carouselTargetTypes, { default: 'course' }),
    target_id: reference(() => course, { as: 'target', list: true }),
    image_link: file('image', { required: true, list: true }),
    image_background_color: text({ max: 7, pattern: colourPattern }),
    customized_link: text({ max: 500, pattern: httpLinkPattern }),
  },
});

export type CarouselInput = EntityInput<typeof carousel>;
