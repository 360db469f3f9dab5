import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * Answers are written by a stringifier built once per route and status from the answer's zod schema
 * as JSON Schema (Fastify's own way with response schemas): only the declared properties are
 * written, each as its declared type. Checking every answer against its zod schema, then
 * JSON.stringify, was the largest share of a list request's own CPU (bench/README.md); with
 * `checkAnswers` (the API suites) each answer is still checked first. A part JSON Schema cannot
 * state is written as JSON.stringify writes it.
 */
export function responseSerializerCompiler(checkAnswers: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url, httpStatus }) => {
    const write = fastJsonStringify(answerJsonSchema(schema) as unknown as Parameters<typeof fastJsonStringify>[0]);
    if (!checkAnswers) return write;
    return (data) => {
      const checked = schema.safeEncode(data);
      if (!checked.success) throw new Error(`${method} ${url} answered ${httpStatus} outside its schema: ${z.prettifyError(checked.error)}`);
      return write(data);
    };
  };
}

/**
 * A list's page (a route's `serializerCompiler`): its rows are read from the statement's declared
 * columns (server/db/statements.ts), so they hold their record's properties and no other, and
 * JSON.stringify writes what the schema's stringifier would (the properties perhaps in another
 * order). For a page of 20 users it leaves 15 kB of garbage where the stringifier's concatenated
 * strings leave 37 kB, and is a tenth sooner; a server under load spends that garbage in
 * collections, which cost more the more the heap holds (bench/HISTORY.md, "One tenant's users and
 * the heap"). With `checkAnswers` each page must be the value the stringifier writes, so a
 * property a page should not carry fails the API suites.
 */
export function pageSerializerCompiler(checkAnswers: boolean): FastifySerializerCompiler<unknown> {
  const general = responseSerializerCompiler(checkAnswers);
  // Fastify types a route's own compiler by the route's whole schema; it is given each answer's.
  return (route) => {
    const write = general({ ...route, schema: route.schema as z.ZodType });
    if (Number(route.httpStatus) !== 200) return write;
    if (!checkAnswers) return (data) => JSON.stringify(data);
    return (data) => {
      const expected = write(data);
      const text = JSON.stringify(data);
      if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(expected))) throw new Error(`${route.method} ${route.url} answered a page other than its schema writes:\n${text}\nwhere the schema writes\n${expected}`);
      return text;
    };
  };
}

/** The JSON Schema of what a route answers, as fast-json-stringify reads it. */
export function answerJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' }) as JsonSchema;
  return withNullable(json) as JsonSchema;
}

/**
 * zod states `T | null` as `anyOf: [T, null]`, which fast-json-stringify answers by validating the
 * value against each branch in turn; `nullable: true` on T writes the same JSON with one check.
 */
function withNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNullable);
  if (node === null || typeof node !== 'object') return node;
  const { anyOf, ...rest } = node as JsonSchema;
  const own = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, withNullable(value)]));
  if (!Array.isArray(anyOf)) return own;
  const branches = anyOf.map(withNullable) as JsonSchema[];
  const others = branches.filter((branch) => !(branch.type === 'null' && Object.keys(branch).length === 1));
  const [only] = others;
  if (branches.length === 2 && others.length === 1 && typeof only.type === 'string' && !only.anyOf && !only.oneOf && !only.$ref && !only.nullable)
    return { ...own, ...only, nullable: true };
  return { ...own, anyOf: branches };
}
