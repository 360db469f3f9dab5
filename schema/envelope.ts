import { z } from 'zod';

/** Every JSON answer is `{ success: true, data }` or `{ success: false, message, error_code }`. */
export const success = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

export const failure = z.object({
  success: z.literal(false),
  message: z.string(),
  error_code: z.number().int(),
  /** On a 400 or a 409: what is wrong with each named field, in the caller's language. */
  errors: z.record(z.string(), z.string()).optional(),
  /** On a 202 (not done yet, ask again): how far it has got. */
  data: z.record(z.string(), z.unknown()).optional(),
});
export type Failure = z.infer<typeof failure>;

export const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

/** The answers a route documents besides its own success. */
export const failures = { 400: failure, 401: failure, 403: failure, 404: failure, 409: failure, 429: failure };

export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
