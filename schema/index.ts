import { carouselGroup } from './carouselGroup';
import type { Entity } from './entity';
import { voucher } from './voucher';

/**
 * Resources whose whole server side (table, routes, validation, OpenAPI) comes from their
 * declaration; none today: carousel groups grew a route module for their delete guard.
 */
export const simpleEntities: Entity[] = [];

/** Resources with unique fields: a duplicate answers 409 naming the field. */
export const entitiesWithUniqueFields: Entity[] = [...simpleEntities, carouselGroup, voucher];
