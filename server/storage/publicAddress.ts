import type { FastifyRequest } from 'fastify';
import { FILES_PATH } from '../../schema/files';

/** Where users reach the platform: PUBLIC_URL, else the address this request came to. */
export const publicOrigin = (request: FastifyRequest) =>
  (request.server.appConfig.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

/** A stored file's public address: the file host (`domain` of an upload token) plus its key. */
export const publicFileUrl = (request: FastifyRequest, key: string) => `${publicOrigin(request)}${FILES_PATH}/${key}`;
