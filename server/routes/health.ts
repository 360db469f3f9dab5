import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failure, success } from '../../schema/envelope';

export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<void>; database: string }> = async (app, options) => {
  app.get('/healthz', {
    config: { access: 'public' },
    schema: {
      tags: ['health'],
      summary: 'Answers 200 while the server can reach its database, 503 otherwise',
      response: { 200: success(z.object({ status: z.literal('ok'), database: z.string() })), 503: failure },
    },
    handler: async (request, reply) => {
      try {
        await options.ping();
        return { success: true as const, data: { status: 'ok' as const, database: options.database } };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ success: false, message: 'database unreachable', error_code: 503 });
      }
    },
  });
};
