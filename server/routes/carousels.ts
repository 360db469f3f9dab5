import { carousel } from '../../schema/carousel';
import { carousels } from '../db/schema';
import { entityRoutes, entityStore } from './entityRoutes';

/**
 * `/api/v1/carousels`: the standard routes of the declaration, the list at `/pager` filtered by
 * `carousel_group_id`. The group and the target course are references: an unknown id is a 400, and
 * neither can be deleted while a carousel names it. A group's total is counted (migration 0041), so
 * a group's page is one statement whose plan is kept, not planned on every call.
 */
export const carouselStore = entityStore(carousel, carousels, { countedBy: [[], ['carousel_group_id']] });
export const carouselRoutes = entityRoutes(carouselStore);
