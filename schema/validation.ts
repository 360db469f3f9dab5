import type { z } from 'zod';

/** A validation failure as a message key and its arguments, translated by whoever shows it. */
export interface ValidationMessage {
  key: string;
  args?: Record<string, string | number>;
}

/** The value an issue is about, found by its path in the whole input. */
export const valueAt = (data: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>((value, step) => (value == null ? undefined : (value as Record<PropertyKey, unknown>)[step]), data);

/**
 * Maps a zod issue to a key of the react-admin validation catalogue (or ours, `app.validation.*`),
 * so the form under the field and the server's 400 say the same thing in the user's language.
 */
export function validationMessage(issue: z.core.$ZodIssue, value: unknown): ValidationMessage {
  // Nothing given where something must be: say so, whatever rule the empty value broke first.
  const empty = value === undefined || value === null || value === '';
  if (empty && ['invalid_type', 'invalid_value', 'invalid_format', 'too_small'].includes(issue.code)) return { key: 'ra.validation.required' };
  if (issue.message?.startsWith('app.')) return { key: issue.message };
  switch (issue.code) {
    case 'invalid_type': {
      if (value === undefined || value === null || value === '') return { key: 'ra.validation.required' };
      return { key: issue.expected === 'number' || issue.expected === 'int' ? 'ra.validation.number' : 'app.validation.invalid' };
    }
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) <= 1) return { key: 'ra.validation.required' };
      if (issue.origin === 'string') return { key: 'ra.validation.minLength', args: { min: Number(issue.minimum) } };
      if (issue.origin === 'array') return { key: 'app.validation.min_items', args: { min: Number(issue.minimum) } };
      return { key: 'ra.validation.minValue', args: { min: Number(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string') return { key: 'ra.validation.maxLength', args: { max: Number(issue.maximum) } };
      if (issue.origin === 'array') return { key: 'app.validation.max_items', args: { max: Number(issue.maximum) } };
      return { key: 'ra.validation.maxValue', args: { max: Number(issue.maximum) } };
    case 'invalid_value':
      return { key: 'ra.validation.oneOf', args: { options: issue.values.map(String).join(', ') } };
    case 'invalid_format':
      if (issue.format === 'email') return { key: 'ra.validation.email' };
      return { key: 'app.validation.invalid' };
    default:
      return { key: 'app.validation.invalid' };
  }
}

/** The wire name of the field an issue is about ('ucode', 'teacher_ids.2' for nested ones). */
export const issueField = (issue: z.core.$ZodIssue): string => issue.path.map(String).join('.');
