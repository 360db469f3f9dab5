import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { course } from '../../schema/course';
import { courses } from '../db/schema';
import { entityRoutes, entityStore } from './entityRoutes';

const store = entityStore(course, courses);

/** `/api/v1/courses`: the standard routes of the declaration. */
export const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(entityRoutes(store));
};
