import { publicOrigin } from '../storage/publicAddress';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failure, success } from '../../schema/envelope';
import {
  extensionOf,
  FILES_PATH,
  formatBytes,
  isFileKey,
  isServedKey,
  UPLOAD_PATH,
  uploadAnswer,
  uploadKinds,
  uploadRules,
  uptokenAnswer,
  type UploadKind,
} from '../../schema/files';
import { ApiError, BadRequest, Conflict, NotFound, Unauthorized } from '../errors';
import { contentTypeOf, MarkupScanner, readWholeForMarkup, servingHeaders } from '../storage/contentType';
import { fileExists, filesDirOf, prepareFilesDir, saveUpload, type UploadLimits } from '../storage/localFiles';
import { registerUpload } from '../storage/unusedFiles';
import { signUploadToken, uploadTokenSecret, UPTOKEN_TTL_MS, verifyUploadToken } from '../storage/uptoken';

const YEAR_MS = 365 * 24 * 3_600_000;
const formFields = ['token', 'key', 'file'] as const;
const uploadForm = z.object({
  token: z.string().meta({ description: 'The uptoken' }),
  key: z.string().meta({ description: 'Where the file goes: letters, digits, "-" and "_", one extension, at most 128 characters' }),
  file: z.string().meta({ format: 'binary', description: 'The file, last' }),
});

/** The multipart parser's own errors (a form cut short or malformed) carry neither a status nor a system call (a disk's error does). */
const isBrokenForm = (error: unknown) => error instanceof Error && !(error instanceof ApiError) && !('statusCode' in error) && !('syscall' in error);

const missingFields = (names: readonly string[]) =>
  new BadRequest('app.error.invalid_input', {}, Object.fromEntries(names.map((name) => [name, { key: 'ra.validation.required' }])));

/**
 * The built-in file-storage provider (DESIGN.md "Files"): upload tokens per kind of file, form
 * uploads checked by token, key, content and size and streamed to `DATA_DIR/files`, and the files
 * served back with range requests.
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, appConfig } = app;
  const filesDir = filesDirOf(appConfig.dataDir);
  await prepareFilesDir(filesDir);
  const secret = await uploadTokenSecret(db);
  const maxBytes = (kind: UploadKind) => uploadRules[kind].maxBytes ?? appConfig.videoMaxBytes;

  for (const kind of uploadKinds) {
    app.get(`/api/v1/uptoken/${kind}`, {
      config: { access: uploadRules[kind].privileges },
      schema: {
        tags: ['files'],
        summary: `A token to upload one ${kind} file with, valid for an hour`,
        description:
          `For users who may write a resource that holds ${kind} files (${uploadRules[kind].privileges.join(', ')}). ` +
          `Post the file to upload_url with the token; it is then served at domain/key.`,
        response: { 200: success(uptokenAnswer), 401: failure, 403: failure },
      },
      handler: async (request) => {
        const base = publicOrigin(request);
        const expiresAt = Date.now() + UPTOKEN_TTL_MS;
        return {
          success: true as const,
          data: {
            uptoken: signUploadToken(secret, { kind, expiresAt }),
            schema: base.startsWith('https:') ? ('https' as const) : ('http' as const),
            domain: base + FILES_PATH,
            upload_url: base + UPLOAD_PATH,
            expires_at: expiresAt,
          },
        };
      },
    });
  }

  /** Token and key, checked before a byte of the file is stored: the kind the token grants and where the file goes. */
  async function admit(fields: Record<string, string>) {
    const missing = formFields.filter((name) => name !== 'file' && !fields[name]);
    if (missing.length > 0) throw missingFields(missing);
    const grant = verifyUploadToken(secret, fields.token);
    if (!grant) throw new Unauthorized('app.upload.bad_token');
    const { key } = fields;
    if (!isFileKey(key)) throw new BadRequest('app.error.invalid_input', {}, { key: { key: 'app.upload.bad_key' } });
    const rule = uploadRules[grant.kind];
    const allowedTypes = rule.extensions[extensionOf(key)];
    if (!allowedTypes) throw new ApiError(415, rule.typeMessage);
    if (await fileExists(filesDir, key)) throw new Conflict('app.upload.key_taken');
    const limit = maxBytes(grant.kind);
    const markup = new MarkupScanner();
    let readWhole = false;
    const activeMarkup = () => new ApiError(415, 'app.upload.active_content');
    const limits: UploadLimits = {
      maxBytes: limit,
      tooLarge: () => new ApiError(413, rule.sizeMessage, { size: formatBytes(limit) }),
      checkHead: async (head) => {
        const type = await contentTypeOf(head);
        if (!type || !Object.values(rule.extensions).some((types) => types.includes(type))) throw new ApiError(415, rule.typeMessage);
        if (!allowedTypes.includes(type)) throw new ApiError(415, 'app.upload.extension_mismatch', { extension: extensionOf(key) });
        // A polyglot: a picture, PDF, playlist or video that is also a web page.
        if (markup.found(head)) throw activeMarkup();
        readWhole = readWholeForMarkup(type);
      },
      checkRest: (chunk) => {
        if (readWhole && markup.found(chunk)) throw activeMarkup();
      },
    };
    return { key, limits };
  }

  // The size limit is the kind's, checked while streaming (saveUpload): busboy's own (1 MB by default) would cut files short.
  await app.register(multipart, { limits: { files: 1, fields: 4, parts: 5, fieldSize: 4096, fileSize: Number.MAX_SAFE_INTEGER } });

  app.post(UPLOAD_PATH, {
    // The token is the credential, as with an object store's form upload.
    config: { access: 'public' },
    schema: {
      tags: ['files'],
      summary: 'Upload a file (multipart/form-data: token, key, file, in that order)',
      description:
        'Answers `{ key }` (the provider\'s own answer, not the envelope). The type is judged by the file\'s bytes: ' +
        'images JPEG or PNG (5 MB), PDF (50 MB), video MP4, FLV, HLS playlists (.m3u8) and segments (.ts) up to ' +
        'VIDEO_MAX_BYTES; the key\'s extension must agree. Refusals: 400 missing field or bad key, 401 bad or expired ' +
        'token, 409 key taken, 413 too large, 415 wrong type.',
      consumes: ['multipart/form-data'],
      body: uploadForm,
      response: { 200: uploadAnswer, 400: failure, 401: failure, 409: failure, 413: failure, 415: failure },
    },
    // The body schema is for the document: the handler reads the form as a stream and checks it itself.
    validatorCompiler: () => (value) => ({ value }),
    // A refusal may come before the client has sent the whole file: close rather than read the rest.
    onSend: async (_request: FastifyRequest, reply: FastifyReply) => {
      if (reply.statusCode >= 400) reply.header('connection', 'close');
    },
    handler: async (request) => {
      if (!request.isMultipart()) throw new ApiError(415, 'app.error.unsupported_media_type');
      const fields: Record<string, string> = {};
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value);
            continue;
          }
          if (part.fieldname !== 'file') break;
          const { key, limits } = await admit(fields);
          await saveUpload(filesDir, key, part.file, limits, () => registerUpload(db, key));
          return { key };
        }
      } catch (error) {
        throw isBrokenForm(error) ? new BadRequest('app.error.invalid_input', {}, { file: { key: 'app.upload.incomplete' } }) : error;
      }
      throw missingFields(formFields.filter((name) => name === 'file' || !fields[name]));
    },
  });

  // Only for reply.sendFile (with ranges); the route below decides what may be served, and as what.
  await app.register(fastifyStatic, { root: filesDir, serve: false, contentType: false });

  app.get(`${FILES_PATH}/*`, {
    config: { access: 'public' },
    schema: {
      tags: ['files'],
      summary: 'An uploaded file, with range requests (videos seek) and long caching: keys are never reused',
      description:
        'Served as its extension says from a fixed table (JPEG, PNG, MP4, FLV, MPEG-TS; PDFs and playlists as downloads), ' +
        'with sniffing off and a sandboxing Content-Security-Policy; any other extension is a 404.',
      params: z.object({ '*': z.string() }),
      response: { 404: failure },
    },
    handler: async (request, reply) => {
      const key = request.params['*'];
      const headers = isServedKey(key) ? servingHeaders(key) : undefined;
      if (!headers || !(await fileExists(filesDir, key))) throw new NotFound('app.upload.no_file');
      return reply.headers(headers).sendFile(key, { maxAge: YEAR_MS, immutable: true });
    },
  });
};
