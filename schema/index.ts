import { carouselGroup } from './carouselGroup';

/** Resources whose whole server side (table, routes, validation, OpenAPI) comes from their declaration. */
export const simpleEntities = [carouselGroup];
