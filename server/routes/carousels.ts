import { carousel } from '../../schema/carousel';
import { carousels } from '../db/schema';
import { entityRoutes, entityStore } from './entityRoutes';

/**
 * `/api/v1/carousels`: the standard routes of the declaration, the list at `/pager` filtered by
 * `carousel_group_id`. The group and the target course are references: an unknown id is a 400, and
 * neither can be deleted while a carousel names it.
 */
export const carouselRoutes = entityRoutes(entityStore(carousel, carousels));
