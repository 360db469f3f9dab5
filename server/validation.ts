import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { issueField, validationMessage, valueAt, type ValidationMessage } from '../schema/validation';
import { BadRequest } from './errors';

/** Turns zod issues into one 400 that names every field and says what is wrong with it. */
export function invalidInput(issues: readonly z.core.$ZodIssue[], data: unknown): BadRequest {
  const fields: Record<string, ValidationMessage> = {};
  for (const issue of issues) {
    const field = issueField(issue) || '_';
    fields[field] ??= validationMessage(issue, valueAt(data, issue.path));
  }
  return new BadRequest('app.error.invalid_input', {}, fields);
}

/**
 * A NUL, which PostgreSQL refuses in text (a 500 before this check), and a lone surrogate, which
 * is no character at all and would be stored as U+FFFD: refused wherever a string arrives.
 */
const UNSTORABLE = /\u0000|\p{Cs}/u;
/** Input nests no deeper than this in any schema; a deeper value is left to the schema to refuse. */
const DEEPEST = 32;

/** The fields (dotted paths, as zod names them) whose strings hold an unstorable character. */
export function unstorableFields(data: unknown, path = '', found: Record<string, ValidationMessage> = {}, depth = 0) {
  if (typeof data === 'string') {
    if (UNSTORABLE.test(data)) found[path || '_'] ??= { key: 'app.validation.unstorable_character' };
  } else if (data !== null && typeof data === 'object' && depth < DEEPEST) {
    for (const [key, value] of Object.entries(data)) {
      const at = path ? `${path}.${key}` : key;
      if (UNSTORABLE.test(key)) found[path || '_'] ??= { key: 'app.validation.unstorable_character' };
      else unstorableFields(value, at, found, depth + 1);
    }
  }
  return found;
}

/** Validates params, query and body with the route's zod schema; the parsed value replaces the raw one. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const unstorable = unstorableFields(data);
    if (Object.keys(unstorable).length > 0) return { error: new BadRequest('app.error.invalid_input', {}, unstorable) };
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: invalidInput(result.error.issues, data) };
  };
