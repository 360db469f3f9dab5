import { z } from 'zod';

/** Whether the runtime knows `zone` as an IANA time zone (what a browser's Intl reports). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An optional `time_zone` parameter: an IANA name the runtime knows (the caller's, for times written for it). */
export function timeZoneParam() {
  return z
    .string()
    .max(64)
    .refine((zone) => isTimeZone(zone), { error: 'app.validation.time_zone' })
    .optional();
}
