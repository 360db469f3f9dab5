import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failure, success } from '../../schema/envelope';
import { ApiError } from '../errors';

export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<void>; database: string }> = async (app, options) => {
  // Liveness: a supervisor restarts the process when this fails, so it never waits on the database.
  app.get('/healthz', {
    config: { access: 'public' },
    schema: {
      tags: ['health'],
      summary: 'Liveness: answers 200 while the process serves requests, without touching the database',
      response: { 200: success(z.object({ status: z.literal('ok') })) },
    },
    handler: async () => ({ success: true as const, data: { status: 'ok' as const } }),
  });
  // Readiness: a load balancer sends traffic only while the database answers.
  app.get('/readyz', {
    config: { access: 'public' },
    schema: {
      tags: ['health'],
      summary: 'Readiness: 200 while the database answers, 503 (in the envelope) otherwise',
      response: { 200: success(z.object({ status: z.literal('ok'), database: z.string() })), 503: failure },
    },
    handler: async (request) => {
      try {
        await options.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'readiness: database unreachable');
        throw new ApiError(503, 'app.error.database_unavailable');
      }
      return { success: true as const, data: { status: 'ok' as const, database: options.database } };
    },
  });
};
