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
  /** Set by the server, not by a body: see readOnly(). */
  readOnly?: true;
}

export type TextField = FieldBase<'text' | 'textarea', z.ZodType<string>> & TextOptions;
export type IntegerField<Value extends number | null = number | null> = FieldBase<'integer', z.ZodType<Value>> &
  NumberOptions & {
    /** Empty is null, not 0: a number only some records have (a voucher's object_id). */
    nullable?: boolean;
  };
export type MoneyField = FieldBase<'money', z.ZodType<number>> & NumberOptions;
export type BooleanField = FieldBase<'boolean', z.ZodType<boolean>>;
export type EnumField<Choice extends string = string> = FieldBase<'enum', z.ZodType<Choice>> & {
  choices: readonly Choice[];
};

/** Which records a reference points at, resolved lazily so two declarations may refer to each other. */
export interface ReferenceTarget {
  resource: string;
  table: string;
  idKey: string;
  titleField: string;
  /** The list's search parameter, for pickers that search as the user types. */
  searchParam: string;
}

export type ReferenceField = FieldBase<'reference', z.ZodType<number | number[] | null>> &
  FieldOptions & {
    target: () => ReferenceTarget;
    many: boolean;
    /** The key under which answers carry the referenced record(s): `category`, `teachers`. */
    as: string;
    /** The referenced fields the answer carries besides the id (the title field by default). */
    show?: readonly string[];
  };

export type FileKind = 'image' | 'pdf' | 'video';
export type FileField = FieldBase<'file', z.ZodType<string | string[]>> & FieldOptions & { file: FileKind; many: boolean; maxItems?: number };
export type RichTextField = FieldBase<'richText', z.ZodType<string>> & TextOptions;
export type DateTimeField = FieldBase<'datetime', z.ZodType<number | null>> & FieldOptions;

export type Field = TextField | IntegerField | MoneyField | BooleanField | EnumField | ReferenceField | FileField | RichTextField | DateTimeField;
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

function wholeNumber(options: NumberOptions) {
  let schema = z.number().int();
  if (options.min !== undefined) schema = schema.min(options.min);
  if (options.max !== undefined) schema = schema.max(options.max);
  return schema;
}

export function integer(options: NumberOptions = {}): IntegerField<number> {
  return { ...options, kind: 'integer', zod: orZero(wholeNumber(options), options.required), output: z.number().int() };
}

/** An optional whole number that is null when empty (absent, null or ''), never 0: stored in a nullable column. */
export function nullableInteger(options: Omit<NumberOptions, 'required'> = {}): IntegerField<number | null> {
  return {
    ...options,
    kind: 'integer',
    nullable: true,
    zod: z.preprocess((value) => (value === '' ? null : value), wholeNumber(options).nullish().transform((value) => value ?? null)),
    output: z.number().int().nullable(),
  };
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

const recordId = z.number().int().positive().max(2_147_483_647);

/**
 * A reference to another resource's record: ids in (`category_id: 3`, `teacher_ids: [1, 2]`), and
 * answers also carry the referenced records under `as` (`category: {id, title}`). An id that names
 * no record is refused with a 400 under the field.
 */
export function reference(
  target: () => ReferenceTarget,
  options: FieldOptions & { as: string; show?: readonly string[] },
): ReferenceField {
  const required = Boolean(options.required);
  return {
    ...options,
    kind: 'reference',
    target,
    many: false,
    zod: required ? recordId : recordId.nullish().transform((value) => value ?? null),
    output: required ? z.number().int() : z.number().int().nullable(),
  };
}

/** Several references, kept in the order chosen (`teacher_ids`); `required` means at least one. */
export function references(
  target: () => ReferenceTarget,
  options: FieldOptions & { as: string; show?: readonly string[]; max?: number },
): ReferenceField {
  const list = z.array(recordId).max(options.max ?? 50).refine((ids) => new Set(ids).size === ids.length, { error: 'app.validation.duplicate_items' });
  return {
    ...options,
    kind: 'reference',
    target,
    many: true,
    zod: options.required ? list.min(1) : list.nullish().transform((value) => value ?? []),
    output: z.array(z.number().int()),
  };
}

/**
 * A stored file's key, as the storage provider answered it: letters, digits and `._-/`, no `..`,
 * no leading `/`, so a key can never leave the files folder.
 */
export const fileKey = z
  .string()
  .trim()
  .max(255)
  .regex(/^(?!.*\.\.)(?!\/)[A-Za-z0-9._\-/]+$/, { error: 'app.validation.file_key' });

/** An uploaded image, PDF or video: its key, or (`many`) a list of keys such as a cover list. */
export function file(kind: FileKind, options: FieldOptions & { many?: boolean; maxItems?: number } = {}): FileField {
  const many = Boolean(options.many);
  // An optional file left empty is stored and answered as '', which an edit sends back as it is.
  const single = options.required ? fileKey.min(1) : fileKey.or(z.literal('')).nullish().transform((value) => value ?? '');
  const list = z.array(fileKey.min(1)).max(options.maxItems ?? 5);
  return {
    ...options,
    kind: 'file',
    file: kind,
    many,
    zod: many ? (options.required ? list.min(1) : list.nullish().transform((value) => value ?? [])) : single,
    output: many ? z.array(z.string()) : z.string(),
  };
}

/** HTML from the rich-text editor; the server sanitises it before it is stored. */
export function richText(options: TextOptions): RichTextField {
  return { ...options, kind: 'richText', zod: textSchema(options), output: z.string() };
}

/** A moment, as epoch milliseconds on the wire; empty is null. */
export function datetime(options: FieldOptions = {}): DateTimeField {
  // NaN is a date the console's picker holds half typed (src/forms/DatePickers.tsx): it says so under the field.
  const moment = z
    .number({ error: (issue) => (Number.isNaN(issue.input) ? 'app.validation.date_incomplete' : undefined) })
    .int()
    .min(0)
    .max(8_640_000_000_000_000);
  return {
    ...options,
    kind: 'datetime',
    zod: options.required ? moment : moment.nullish().transform((value) => value ?? null),
    output: z.number().int().nullable(),
  };
}

/** A field the server sets (a status, a creation time): answered and listed, never taken from a create or update body. */
export const readOnly = <T extends Field>(field: T): T & { readOnly: true } => ({ ...field, readOnly: true });
