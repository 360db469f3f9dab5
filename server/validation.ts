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

/** Validates params, query and body with the route's zod schema; the parsed value replaces the raw one. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: invalidInput(result.error.issues, data) };
  };
