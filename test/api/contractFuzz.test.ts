/**
 * Issue 19: bad input generated from the contract. Every operation of /api/docs/json gets requests
 * that fast-check makes from its own parameters and body schema: wrong types, missing and extra
 * fields, huge, empty, unicode and control-character strings, negative and huge numbers, HTML and
 * SQL payloads, malformed JSON, wrong content types, unknown, foreign-tenant and deleted ids; as the
 * platform administrator, a tenant administrator and signed out, in the three languages.
 *
 * Every answer: no 5xx; the envelope, its message a phrase of the caller's catalogue; and a batch
 * whose writes were all refused leaves every table's rows as they were.
 *
 * FUZZ_RUNS requests per run (CI: 500, about 15 s); `npm run test:fuzz` sends 10,000.
 */
import fc from 'fast-check';
import pg from 'pg';
import type { ConsoleLocale } from '../../i18n/locales';
import { LOCALES, isMessageOf } from './catalogueMessages';
import { call, signIn } from './client';
import { people } from './people';
import { ADMIN_PASSWORD, DEMO_PASSWORD, startServer, type TestServer } from './server';

const REQUESTS = Number(process.env.FUZZ_RUNS ?? 500);
const BATCH = 25;
/** Requests of one batch in flight at once: enough to keep the server busy on two cores. */
const IN_FLIGHT = 6;

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  nullable?: boolean;
  maxLength?: number;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Schema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Schema;
}
type CallerName = 'admin' | 'tenant admin' | 'signed out';
interface Caller {
  name: CallerName;
  token?: string;
}
interface FuzzRequest {
  caller: CallerName;
  locale: ConsoleLocale;
  method: string;
  /** The operation as the contract names it. */
  operation: string;
  url: string;
  contentType?: string;
  body?: string;
}

// ---- values ---------------------------------------------------------------------------------

const payloads = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  "' OR '1'='1",
  "'; drop table users; --",
  '1; select pg_sleep(5)',
  '%',
  '_',
  '\\',
  '%_\\%',
  '${7*7}{{7*7}}',
  '../../../etc/passwd',
  '\u202eevil\u202c',
  '\u200b\u200d\ufeff',
  'e\u0301\u0301\u0301',
  '𝕬𝖇𝖈 🎬👩‍👩‍👧 中文 日本語',
  '\t\r\n\u0001\u001f\u007f',
  '\u0000',
  'broken \ud800 pair',
  '\udfff',
  ' ',
  '',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  'true',
  '[]',
  '{}',
  '__proto__',
];

const nastyString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...payloads), weight: 6 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.constantFrom(...payloads).map((payload) => payload.repeat(3000)), weight: 1 },
  { arbitrary: fc.integer({ min: 100, max: 70_000 }).map((length) => 'x'.repeat(length)), weight: 1 },
);

const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, -2147483648, 2147483647, 2147483648, 2 ** 53, 2 ** 63, -(2 ** 63), 1e308, -1e308, 0.5, 1.005, 1e-7, 4294967296),
  fc.integer({ min: -1e9, max: -1 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** JSON values of every kind, to stand where another kind belongs. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  nastyNumber,
  nastyString,
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.integer(), fc.string()), { maxKeys: 3 }),
  fc.constant({ __proto__: { admin: true } }),
  fc.constant(JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}')),
);

const jsonKind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
const kindsOf = (schema: Schema): string[] => {
  if (schema.anyOf) return schema.anyOf.flatMap(kindsOf);
  const kinds = schema.type === 'integer' ? ['number'] : schema.type === 'object' ? ['object'] : schema.type ? [schema.type] : [];
  return schema.nullable ? [...kinds, 'null'] : kinds;
};
/** A value of a JSON kind the schema does not take (an integer's place also refuses 0.5). */
const wrongKind = (schema: Schema): fc.Arbitrary<unknown> => {
  const kinds = kindsOf(schema);
  const wrong = anyJson.filter((value) => !kinds.includes(jsonKind(value)));
  return schema.type === 'integer' ? fc.oneof(wrong, fc.constantFrom(0.5, -1.25, 1e-7)) : wrong;
};

/** A body over the server's limit of 1 MB. */
const hugeBody = { contentType: 'application/json', body: JSON.stringify({ title: 'x'.repeat(1024 * 1024 + 10) }) };

/** Ids that name nothing the caller may touch: unknown, deleted, and (for a tenant administrator) another tenant's. */
type IdPools = Record<CallerName, Record<string, number[]>>;
const isIdField = (name: string) => /(^id$|_id$|Id$|_ids$)/.test(name);

// ---- requests from the contract -------------------------------------------------------------

/** The table a path parameter's id belongs to: the address segment before it, or its own name. */
function resourceOfParameter(path: string, name: string): string {
  if (name === 'courseId') return 'courses';
  if (name === 'tenantId') return 'tenants';
  if (name === 'userId') return 'users';
  const segments = path.split('/');
  return segments[segments.indexOf(`{${name}}`) - 1] ?? 'unknown';
}

function generators(pools: IdPools) {
  const idOf = (caller: CallerName, resource: string): fc.Arbitrary<number> =>
    fc.constantFrom(...(pools[caller][resource] ?? pools[caller].unknown));

  /** A value of the schema's own kind, but as hostile as it can be. */
  const nastyOf = (schema: Schema, name: string, caller: CallerName): fc.Arbitrary<unknown> => {
    if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => nastyOf(option, name, caller)));
    switch (schema.type) {
      case 'integer':
      case 'number':
        return isIdField(name) ? fc.oneof(idOf(caller, 'any'), nastyNumber) : nastyNumber;
      case 'string':
        return schema.enum ? fc.oneof(fc.constantFrom(...(schema.enum as string[])), nastyString) : nastyString;
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(nastyOf(schema.items ?? {}, name, caller), { maxLength: 6 });
      case 'object':
        return objectOf(schema, caller, false);
      default:
        return anyJson;
    }
  };

  /** An object of the schema's fields, each nasty, left out or (one at least, when `refused`) of the wrong kind; extra fields too. */
  const objectOf = (schema: Schema, caller: CallerName, refused: boolean): fc.Arbitrary<Record<string, unknown>> => {
    const fields = Object.entries(schema.properties ?? {});
    const values = fields.map(([name, fieldSchema]) =>
      fc.option(nastyOf(fieldSchema, name, caller), { nil: undefined, freq: 3 }).map((value) => [name, value] as const),
    );
    const extra = fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor', 'id', 'user_id', 'roles', 'password_hash')), anyJson, { maxKeys: 3 });
    const spoilt =
      fields.length === 0
        ? fc.constant(undefined)
        : fc.constantFrom(...fields).chain(([name, fieldSchema]) => wrongKind(fieldSchema).map((value) => [name, value] as const));
    return fc.tuple(fc.tuple(...values), extra, refused ? spoilt : fc.constant(undefined)).map(([chosen, extras, wrong]) => {
      const body: Record<string, unknown> = { ...extras };
      for (const [name, value] of chosen) if (value !== undefined) body[name] = value;
      if (wrong) body[wrong[0]] = wrong[1];
      return body;
    });
  };

  /** The body, as text with its content type: mostly refused by construction, sometimes only hostile. */
  const bodyOf = (operation: Operation, caller: CallerName): fc.Arbitrary<{ contentType?: string; body?: string }> => {
    const json = (value: fc.Arbitrary<unknown>) => value.map((body) => ({ contentType: 'application/json', body: JSON.stringify(body) }));
    const malformed = fc
      .constantFrom('{', '{"title":', '[1,', 'nul', '{"a":1}}', "{'a':1}", '\u0000', '{"a":"\\ud800"}', '['.repeat(5000), '{"a":1,"a":2}', '')
      .map((body) => ({ contentType: 'application/json', body }));
    const wrongType = fc
      .tuple(fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'image/png'), nastyString)
      .map(([contentType, body]) => ({ contentType, body }));
    const schema = operation.body;
    if (!schema) return fc.oneof({ arbitrary: fc.constant({}), weight: 6 }, { arbitrary: json(anyJson), weight: 1 }, { arbitrary: malformed, weight: 1 }, { arbitrary: wrongType, weight: 1 });
    const shapes = fc.oneof(
      { arbitrary: json(schema.type === 'object' ? objectOf(schema, caller, true) : wrongKind(schema)), weight: 8 },
      { arbitrary: json(nastyOf(schema, '', caller)), weight: 3 },
      { arbitrary: json(wrongKind(schema)), weight: 2 },
      { arbitrary: fc.constant({}), weight: 1 },
      { arbitrary: malformed, weight: 2 },
      { arbitrary: wrongType, weight: 2 },
    );
    // The huge body only once in a long while: it is a megabyte each time.
    return fc.oneof({ arbitrary: shapes, weight: 300 }, { arbitrary: fc.constant(hugeBody), weight: 1 });
  };

  /** encodeURIComponent, but a lone surrogate goes as the bytes UTF-8 would give it (it refuses to encode one). */
  const encodePathSegment = (text: string) =>
    encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')).replace(/%EF%BF%BD/g, '%ED%A0%80');

  /** A path parameter: an id naming nothing the caller may touch, or no id at all. */
  const pathValue = (operation: Operation, parameter: Parameter, caller: CallerName): fc.Arbitrary<string> =>
    fc.oneof(
      { arbitrary: idOf(caller, resourceOfParameter(operation.path, parameter.name)).map(String), weight: 6 },
      { arbitrary: nastyNumber.map(String), weight: 2 },
      { arbitrary: nastyString.filter((text) => text.length > 0 && text.length < 2000).map(encodePathSegment), weight: 2 },
      { arbitrary: fc.constantFrom('%zz', '%00', '%ff', '1%2f2', '..%2F..%2Fetc'), weight: 1 },
    );

  const queryOf = (operation: Operation, caller: CallerName): fc.Arbitrary<[string, string][]> => {
    const parameters = operation.parameters.filter((parameter) => parameter.in === 'query');
    const each = parameters.map((parameter) =>
      fc
        .option(fc.oneof(nastyOf(parameter.schema, parameter.name, caller), wrongKind(parameter.schema)), { nil: undefined, freq: 2 })
        .map((value) => (value === undefined ? [] : [value].flat().map((item) => [parameter.name, typeof item === 'string' ? item : JSON.stringify(item)] as [string, string]))),
    );
    const extra = fc.array(fc.tuple(fc.constantFrom('page', 'page_size', 'keyword', 'sort_by', 'id', 'x', '__proto__', 'tenant_id'), nastyString.filter((text) => text.length < 2000)), { maxLength: 2 });
    return fc.tuple(fc.tuple(...each), extra).map(([chosen, extras]) => [...chosen.flat(), ...extras]);
  };

  const requestFor = (operation: Operation, caller: CallerName): fc.Arbitrary<FuzzRequest> => {
    const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
    return fc
      .record({
        locale: fc.constantFrom(...LOCALES),
        path: fc.tuple(...pathParameters.map((parameter) => pathValue(operation, parameter, caller))),
        query: queryOf(operation, caller),
        body: bodyOf(operation, caller),
      })
      .map(({ locale, path, query, body }) => {
        let url = operation.path;
        pathParameters.forEach((parameter, index) => (url = url.replace(`{${parameter.name}}`, path[index])));
        const search = new URLSearchParams(query).toString();
        return { caller, locale, method: operation.method, operation: `${operation.method} ${operation.path}`, url: search ? `${url}?${search}` : url, ...body };
      });
  };
  return { requestFor };
}

// ---- the run --------------------------------------------------------------------------------

let server: TestServer;
let database: pg.Client;
const callers: Caller[] = [{ name: 'admin' }, { name: 'tenant admin' }, { name: 'signed out' }];
const tally = { requests: 0, byStatus: new Map<number, number>(), acceptedWrites: 0, batchesCompared: 0 };

let foreignTenant: number;
beforeAll(async () => {
  // No demo: seeding it takes longer than CI's whole share of this run; the records the attacks need are made here.
  server = await startServer({ seedDemo: false });
  database = new pg.Client({ connectionString: server.databaseUrl });
  await database.connect();
  callers[0].token = await signIn(server.url, 'admin', ADMIN_PASSWORD);
  const make = people(server);
  const home = await make.tenant('home');
  foreignTenant = await make.tenant('away');
  await make.user('home_admin', home, ['tenant_admin']);
  callers[1].token = await signIn(server.url, 'home_admin', DEMO_PASSWORD);
  for (const name of ['away_admin', 'away_learner']) await make.user(name, foreignTenant, [name.endsWith('admin') ? 'tenant_admin' : 'learner']);
}, 120_000);
afterAll(async () => {
  await database?.end();
  await server?.stop();
  const statuses = [...tally.byStatus].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`).join(', ');
  console.log(`contract fuzz: ${tally.requests} requests (${statuses}); ${tally.acceptedWrites} writes accepted; ${tally.batchesCompared} batches of refused writes left every table as it was`);
});

const rowsOf = async <T>(text: string, values: unknown[] = []) => (await database.query(text, values)).rows as T[];

/**
 * What refused requests write by design, left out of the digest: the sign-in throttle's counters
 * and the audit trail's refused sign-ins (with their count and their spans of time), for counting and
 * recording refusals is their purpose; and the searched totals a search kept after its answer, and
 * how far the trail's counts are folded (each server folds them every second, server/db/countFolding.ts).
 */
const writtenOnRefusal: Record<string, string | false> = {
  attempt_counters: false,
  audit_logs: "action <> 'sign_in_failed'",
  row_counts: "table_name <> 'audit_logs'",
  time_blocks: "table_name <> 'audit_logs'",
  // Written after a search's answer (server/db/keywordCounts.ts), and otherwise only following the tables digested here.
  keyword_counts: false,
  count_watermarks: false,
};

/** Every table's rows, digested. */
async function digest(): Promise<Record<string, string>> {
  const tables = await rowsOf<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  const digests = await rowsOf<{ name: string; digest: string }>(
    tables
      .filter(({ name }) => writtenOnRefusal[name] !== false)
      .map(({ name }) => {
        const kept = writtenOnRefusal[name] ? `where ${writtenOnRefusal[name]}` : '';
        return `select '${name}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${name}" t ${kept}`;
      })
      .join(' union all '),
  );
  return Object.fromEntries(digests.map(({ name, digest }) => [name, digest]));
}

/** Records made through the API and deleted again, so their ids once named something. */
async function deletedIds(token: string): Promise<Record<string, number[]>> {
  const api = (method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body });
  const made: Record<string, [string, unknown, (data: any) => number]> = {
    teachers: ['/api/v1/teachers', { name: 'Gone teacher' }, (data) => data.id],
    categories: ['/api/v1/categories', { title: 'Gone category' }, (data) => data.id],
    videos: ['/api/v1/videos', { title: 'Gone video' }, (data) => data.id],
    carousel_groups: ['/api/v1/carousel_groups', { ucode: 'gone-group', name: 'Gone group' }, (data) => data.id],
    tenants: ['/uc/v1/tenants', { name: 'gone-tenant', display_name: 'Gone', admin_user_name: 'gone_admin', admin_password: 'gone-pass-1' }, (data) => data.tenant_id],
  };
  const ids: Record<string, number[]> = {};
  for (const [resource, [path, body, idOf]] of Object.entries(made)) {
    const created = await api('POST', path, body);
    expect(created.status).toBe(200);
    const id = idOf(created.body.data);
    if (resource === 'tenants') {
      const [user] = await rowsOf<{ user_id: number }>('select user_id from users where tenant_id = $1', [id]);
      expect((await api('DELETE', `/uc/v1/users/${user.user_id}`)).status).toBe(200);
      ids.users = [user.user_id];
    }
    expect((await api('DELETE', `${path}/${id}`)).status).toBe(200);
    ids[resource] = [id];
  }
  const category = (await api('POST', '/api/v1/categories', { title: 'Kept category' })).body.data;
  const course = await api('POST', '/api/v1/courses', { title: 'Gone course', category_id: category.id });
  expect((await api('DELETE', `/api/v1/courses/${course.body.data.id}`)).status).toBe(200);
  ids.courses = [course.body.data.id];
  return ids;
}

/** Per caller and table, the ids its requests name: none of them may be changed by the run. */
async function idPools(): Promise<IdPools> {
  const deleted = await deletedIds(callers[0].token!);
  const beyond = [2147483647, 999_999_999, 123_456_789];
  const unknown = { unknown: beyond, any: [...beyond, ...Object.values(deleted).flat()] };
  const everyone = Object.fromEntries(Object.entries(deleted).map(([resource, ids]) => [resource, [...ids, ...beyond]]));
  const foreign = {
    users: (await rowsOf<{ id: number }>('select user_id as id from users where tenant_id = $1 order by 1', [foreignTenant])).map(({ id }) => id),
    tenants: [foreignTenant],
  };
  const withForeign = { ...everyone, ...Object.fromEntries(Object.entries(foreign).map(([resource, ids]) => [resource, [...ids, ...(everyone[resource] ?? beyond)]])) };
  return {
    admin: { ...unknown, ...everyone },
    'tenant admin': { ...unknown, ...withForeign, any: [...unknown.any, ...foreign.users, foreignTenant] },
    'signed out': { ...unknown, ...withForeign },
  };
}

/** The operations to attack: every one but the upload and the files (issue 19's other half), and sign-out for a signed-in caller (it would end the run's session). */
async function operations(): Promise<Operation[]> {
  const document = (await call(server.url, 'GET', '/api/docs/json')).body as {
    paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(() => path !== '/api/v1/files' && !path.startsWith('/files/'))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content['application/json']?.schema,
      })),
  );
}

/** Whether an answer may have written: an accepted write, or one of the reads that write by design (a new QR code, a code marked scanned, the upload secret made on first use). */
const mayWrite = (request: FuzzRequest, status: number) => status < 400 && (request.method !== 'GET' || /\/(qrcode|uptoken)\b/.test(request.url));

/** What is wrong with an answer, if anything. */
function problemWith(request: FuzzRequest, status: number, contentType: string, body: unknown): string | undefined {
  if (status >= 500) return `answered ${status}`;
  const isApi = /^\/(api|uc)\//.test(request.url);
  if (!isApi || !contentType.includes('json')) return status >= 400 ? `a ${status} without the envelope (${contentType})` : undefined;
  const answer = body as { success?: unknown; message?: unknown; error_code?: unknown };
  if (status < 400) return answer.success === true ? undefined : `a ${status} without success: true`;
  if (answer.success !== false || answer.error_code !== status || typeof answer.message !== 'string') return `a ${status} not in the envelope`;
  // Headers over Node's limit may never have arrived, Accept-Language with them: English then.
  const languages = status === 431 ? [request.locale, 'en-US' as const] : [request.locale];
  if (!languages.some((locale) => isMessageOf(locale, answer.message as string))) return `a message not from the ${request.locale} catalogue: ${answer.message}`;
  return undefined;
}

async function send(request: FuzzRequest, token: string | undefined) {
  const headers: Record<string, string> = { 'accept-language': request.locale };
  if (token) headers.authorization = `Bearer ${token}`;
  if (request.contentType) headers['content-type'] = request.contentType;
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body;
  const response = await fetch(new URL(request.url, server.url), { method: request.method, headers, body });
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? '';
  let answer: unknown = text;
  if (contentType.includes('json')) {
    try {
      answer = JSON.parse(text);
    } catch {
      return { status: response.status, problem: 'an answer that is not the JSON it says it is' };
    }
  }
  tally.requests += 1;
  tally.byStatus.set(response.status, (tally.byStatus.get(response.status) ?? 0) + 1);
  return { status: response.status, problem: problemWith(request, response.status, contentType, answer) };
}

const describeRequest = (request: FuzzRequest) =>
  `${request.caller} ${request.method} ${request.url.slice(0, 300)} (${request.locale}, ${request.contentType ?? 'no body'}${request.body ? `: ${request.body.slice(0, 300)}` : ''})`;

test(`${REQUESTS} generated bad requests: no 5xx, the envelope in the caller's language, and refused writes change nothing`, async () => {
  const pools = await idPools();
  const all = await operations();
  expect(all.length).toBeGreaterThan(80);
  const { requestFor } = generators(pools);
  const requests = fc.oneof(
    ...callers.flatMap((caller) =>
      all
        .filter((operation) => caller.name === 'signed out' || !(operation.method === 'DELETE' && operation.path === '/api/v1/sys/auth'))
        .map((operation) => requestFor(operation, caller.name)),
    ),
  );
  const tokens = Object.fromEntries(callers.map((caller) => [caller.name, caller.token]));

  let before = await digest();
  await fc.assert(
    fc.asyncProperty(fc.array(requests, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
      const problems: string[] = [];
      let wrote = false;
      for (let start = 0; start < batch.length; start += IN_FLIGHT) {
        const answers = await Promise.all(batch.slice(start, start + IN_FLIGHT).map((request) => send(request, tokens[request.caller])));
        answers.forEach(({ status, problem }, index) => {
          const request = batch[start + index];
          if (problem) problems.push(`${describeRequest(request)}: ${problem}`);
          if (mayWrite(request, status)) {
            wrote = true;
            tally.acceptedWrites += 1;
          }
        });
      }
      const after = await digest();
      if (!wrote) {
        const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
        if (changed.length > 0) problems.push(`refused requests changed ${changed.join(', ')}`);
        else tally.batchesCompared += 1;
      }
      before = after;
      if (problems.length > 0) throw new Error(problems.join('\n'));
    }),
    { numRuns: Math.ceil(REQUESTS / BATCH), endOnFailure: true, verbose: 0 },
  );
}, Math.max(120_000, REQUESTS * 60));
