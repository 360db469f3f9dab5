import { carouselGroup } from './carouselGroup';
import { teacher } from './teacher';

/** Resources whose whole server side (table, routes, validation, OpenAPI) comes from their declaration. */
export const simpleEntities = [carouselGroup, teacher];
