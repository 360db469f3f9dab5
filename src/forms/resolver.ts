import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { validationMessage } from '../../schema/validation';

// react-admin reads errors in this form as a translation key with arguments.
const RA_MESSAGE = '@@react-admin@@';

/**
 * A form checks its values with the same zod schema the server uses; each message is a
 * translation key, so it shows in the user's language and matches the server's 400.
 */
export function schemaResolver(schema: z.ZodType): Resolver<Record<string, unknown>> {
  return zodResolver(schema as never, {
    error: (issue: z.core.$ZodRawIssue) => {
      const { key, args } = validationMessage(issue as unknown as z.core.$ZodIssue, issue.input);
      return RA_MESSAGE + JSON.stringify({ message: key, args });
    },
  }) as unknown as Resolver<Record<string, unknown>>;
}
