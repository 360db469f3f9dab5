import { z } from 'zod';

/**
 * A field declared once: its kind tells the console which input, column and filter to use,
 * the server which column type to store it in; its zod schema is the rule both halves apply.
 */
export interface FieldOptions {
  required?: boolean;
  /** Shown as a column in the table view and a line on the card. */
  list?: boolean;
  /** The list can be sorted by it. */
  sortable?: boolean;
  /** Offered as a filter beside the keyword search. */
  filter?: boolean;
  /** No two records share a value (the server answers 409 on a duplicate). */
  unique?: boolean;
}

export interface TextOptions extends FieldOptions {
  max: number;
  min?: number;
  /** A pattern and the message key shown when a value does not match it. */
  pattern?: { regex: RegExp; message: string };
}

export interface NumberOptions extends FieldOptions {
  min?: number;
  max?: number;
}

interface FieldBase<Kind extends string, Schema extends z.ZodType> extends FieldOptions {
  kind: Kind;
  /** What a create or update may send: checked, trimmed, defaults filled in. */
  zod: Schema;
  /** What the server answers: the stored value as it is. */
  output: z.ZodType;
}

export type TextField = FieldBase<'text' | 'textarea', z.ZodType<string>> & TextOptions;
export type IntegerField = FieldBase<'integer', z.ZodType<number>> & NumberOptions;
export type MoneyField = FieldBase<'money', z.ZodType<number>> & NumberOptions;
export type BooleanField = FieldBase<'boolean', z.ZodType<boolean>>;
export type EnumField<Choice extends string = string> = FieldBase<'enum', z.ZodType<Choice>> & {
  choices: readonly Choice[];
};

export type Field = TextField | IntegerField | MoneyField | BooleanField | EnumField;
export type FieldKind = Field['kind'];

function textSchema(options: TextOptions) {
  let schema = z.string().trim().max(options.max);
  const min = options.required ? Math.max(1, options.min ?? 1) : options.min;
  if (min) schema = schema.min(min);
  if (options.pattern) {
    const { regex, message } = options.pattern;
    // An empty optional value is allowed even when the pattern would refuse it.
    schema = schema.regex(options.required ? regex : new RegExp(`^$|${regex.source}`), { error: message });
  }
  return options.required ? schema : schema.nullish().transform((value) => value ?? '');
}

export function text(options: TextOptions): TextField {
  return { ...options, kind: 'text', zod: textSchema(options), output: z.string() };
}

export function textarea(options: TextOptions): TextField {
  return { ...options, kind: 'textarea', zod: textSchema(options), output: z.string() };
}

/** An empty optional number (absent or null, as a cleared form input sends it) counts as 0. */
function orZero(schema: z.ZodNumber, required: boolean | undefined): z.ZodType<number> {
  return required ? schema : schema.nullish().transform((value) => value ?? 0);
}

export function integer(options: NumberOptions = {}): IntegerField {
  let schema = z.number().int();
  if (options.min !== undefined) schema = schema.min(options.min);
  if (options.max !== undefined) schema = schema.max(options.max);
  return { ...options, kind: 'integer', zod: orZero(schema, options.required), output: z.number().int() };
}

/** Money in the currency's main unit, at most two decimals. */
export function money(options: NumberOptions = {}): MoneyField {
  const schema = z
    .number()
    .min(options.min ?? 0)
    .max(options.max ?? 99_999_999.99)
    .multipleOf(0.01, { error: 'app.validation.money' });
  return { ...options, kind: 'money', zod: orZero(schema, options.required), output: z.number() };
}

export function boolean(options: FieldOptions = {}): BooleanField {
  return { ...options, kind: 'boolean', zod: z.boolean().nullish().transform((value) => value ?? false), output: z.boolean() };
}

export function choice<const Choice extends string>(
  choices: readonly [Choice, ...Choice[]],
  options: FieldOptions & { default?: Choice } = {},
): EnumField<Choice> {
  const schema = z.enum(choices);
  const fallback = options.default;
  return {
    ...options,
    kind: 'enum',
    choices,
    zod: fallback === undefined ? schema : schema.nullish().transform((value) => value ?? fallback),
    output: schema,
  };
}

/** Codes used as stable identifiers (ucode, tenant code): letters, digits, '-' and '_'. */
export const codePattern = { regex: /^[A-Za-z0-9_-]+$/, message: 'app.validation.code' };
