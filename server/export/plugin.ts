import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest, FastifySchema, preValidationHookHandler } from 'fastify';
import type { SwaggerTransform } from '@fastify/swagger';
import fp from 'fastify-plugin';
import Negotiator from 'negotiator';
import { z } from 'zod';
import { isTimeZone } from '../../schema/timeZone';
import { BadRequest, ExportsBusy } from '../errors';
import { localeFromHeader, translate } from '../messages';
import { publicFileUrl } from '../storage/publicAddress';
import { headerCells, timeFormatter, type CsvColumn } from './columns';
import { BYTE_ORDER_MARK, csvLine } from './csv';

type Row = Record<string, unknown>;

/** How a list answers `text/csv`: its columns, and its rows for this request (every page, in the list's order). */
export interface CsvExport {
  columns: readonly CsvColumn[];
  /** Runs after validation and the access check: `request.query` is the list's own, without `page` and `page_size`. */
  rows(request: FastifyRequest): AsyncIterable<Row[]>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The list also answers CSV, when Accept prefers `text/csv` (server/export/plugin.ts). */
    csv?: CsvExport;
  }
}

export const CSV_TYPE = 'text/csv';
const offered = ['application/json', CSV_TYPE];

/**
 * Whether the caller prefers CSV to JSON (JSON when both are equal, or nothing is said). Only an
 * Accept naming `text/` can prefer it: every other list request is spared the negotiation, twice.
 */
export const prefersCsv = (request: FastifyRequest) => {
  const accept = request.headers.accept;
  return accept !== undefined && /text\//i.test(accept) && new Negotiator({ headers: { accept } }).mediaType(offered) === CSV_TYPE;
};

const csvAnswer = z
  .string()
  .describe(
    'With `Accept: text/csv`: every row the same filters, search and sort find (`page` and `page_size` are ignored), ' +
      'streamed as UTF-8 CSV with a byte order mark. The header row is in the Accept-Language; choices and yes/no are ' +
      'words in it, times `YYYY-MM-DD HH:mm:ss` in the `time_zone` query parameter (an IANA name, UTC by default), ' +
      'money with two decimals, references by name, files by address. Text a spreadsheet would take for a formula ' +
      'starts with an apostrophe.',
  );
const csvAnswerJson = z.toJSONSchema(csvAnswer);

/** The caller's time zone for an export, by request: read before validation, which does not know the parameter. */
const timeZones = new WeakMap<FastifyRequest, string>();

/**
 * A CSV request: paging is not the export's, and the time zone is read here (a 400 under `time_zone`
 * when unknown). Synchronous, as it runs on every list call: an async hook costs each a promise.
 */
const takeExportParameters: preValidationHookHandler = (request, _reply, done) => {
  if (!prefersCsv(request)) return done();
  const { page: _page, page_size: _pageSize, time_zone: timeZone, ...listQuery } = (request.query ?? {}) as Record<string, unknown>;
  request.query = listQuery;
  const zone = typeof timeZone === 'string' && timeZone !== '' ? timeZone : 'UTC';
  if (!isTimeZone(zone)) return done(new BadRequest('app.error.invalid_input', {}, { time_zone: { key: 'app.validation.time_zone' } }));
  timeZones.set(request, zone);
  done();
};

/** `attachment`, named after the list in the caller's language (and in plain ASCII for old clients). */
function disposition(resource: string, title: string) {
  const encoded = encodeURIComponent(`${title}.csv`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${resource}.csv"; filename*=UTF-8''${encoded}`;
}

/**
 * Streams the list as CSV. The first batch is read before anything is sent, so a failure there is
 * still an answer in the envelope; later batches are read as the client takes the file (Node's
 * stream waits for it), and a client that goes away stops the cursor.
 */
async function sendCsv(request: FastifyRequest, reply: FastifyReply, csv: CsvExport) {
  const resource = request.routeOptions.config.resource ?? 'export';
  const locale = localeFromHeader(request.headers['accept-language']);
  const context = { locale, time: timeFormatter(timeZones.get(request) ?? 'UTC'), fileUrl: (key: string) => publicFileUrl(request, key) };
  const batches = csv.rows(request)[Symbol.asyncIterator]();
  // However the answer ends (sent, failed, or the client gone before the file began), the cursor and its connection are given back.
  reply.raw.once('close', () => void batches.return?.(undefined).catch(() => undefined));
  const first = await batches.next();
  async function* lines() {
    try {
      yield BYTE_ORDER_MARK + csvLine(headerCells(csv.columns, locale));
      for (let batch = first; !batch.done; batch = await batches.next())
        yield batch.value.map((row) => csvLine(csv.columns.map((column) => column.cell(row, context)))).join('');
    } finally {
      await batches.return?.();
    }
  }
  const title = translate(locale, `resources.${resource}.name`, { smart_count: 2 });
  return reply
    .type(`${CSV_TYPE}; charset=utf-8`)
    .header('content-disposition', disposition(resource, title))
    .send(Readable.from(lines()));
}

/**
 * The OpenAPI document's answer of a list that declares `config.csv`: JSON or CSV. Said here, not in
 * the route's schema: a 200 answer by content type has Fastify parse the answer's content type on
 * every call to pick its writer.
 */
export const withCsvAnswers =
  <S extends FastifySchema>(transform: SwaggerTransform<S>): SwaggerTransform<S> =>
  (document) => {
    const transformed = transform(document);
    const response = transformed.schema.response as Record<string, unknown> | undefined;
    if (!document.route.config?.csv || ![document.route.method].flat().includes('GET') || !response?.[200]) return transformed;
    const answers = { content: { 'application/json': { schema: response[200] }, [CSV_TYPE]: { schema: csvAnswerJson } } };
    return { ...transformed, schema: { ...transformed.schema, response: { ...response, 200: answers } } };
  };

/**
 * Lists that declare `config.csv` answer CSV as well as JSON, and say so in the OpenAPI document
 * (`withCsvAnswers`).
 * Registered before the routes, so it sees each as it is declared. At most `exportsAtOnce` exports
 * stream at once (each holds a connection of the pool until its download ends); one more is a 429
 * with Retry-After, in the caller's language, and takes nothing.
 */
export const csvExportPlugin = fp<{ exportsAtOnce: number }>(async (app, { exportsAtOnce }) => {
  let streaming = 0;
  function answerCsv(request: FastifyRequest, reply: FastifyReply, csv: CsvExport) {
    if (streaming >= exportsAtOnce) throw new ExportsBusy();
    streaming += 1;
    reply.raw.once('close', () => (streaming -= 1));
    return sendCsv(request, reply, csv);
  }

  app.addHook('onRoute', (route) => {
    const csv = route.config?.csv;
    if (!csv || ![route.method].flat().includes('GET')) return;
    route.preValidation = [...[route.preValidation ?? []].flat(), takeExportParameters];
    // One handler answers either way: a hook that began streaming the file would not stop the list's
    // own handler (Fastify runs it until the reply has ended), which would then answer a second time.
    const answerJson = route.handler;
    route.handler = function (request, reply) {
      return prefersCsv(request) ? answerCsv(request, reply, csv) : answerJson.call(this, request, reply);
    };
  });
});
