import { useAuthProvider, useRecordContext, useResourceContext, type RaRecord } from 'react-admin';
import type { AccessQuery, ConsoleAuthProvider } from './authProvider';

/**
 * react-admin's useCanAccess answered during the render, by the same rule (the authProvider's
 * `canAccessNow`, the privileges stored at sign-in): the resource and the record are the ones named,
 * else the ones in context. useCanAccess answers a render later, so every list drew its cards
 * without their edit and delete buttons and then again with them, and each card grew under the
 * user's pointer; the side menu drew empty first.
 */
export function useCanAccessNow({ action, resource, record }: { action: string; resource?: string; record?: RaRecord }): boolean {
  const authProvider = useAuthProvider<ConsoleAuthProvider>();
  const resourceInContext = useResourceContext({ resource });
  const recordInContext = useRecordContext({ record });
  return canAccessNow(authProvider, { resource: resourceInContext ?? '', action, record: recordInContext });
}

/**
 * The console's authProvider answers at once; with no canAccess at all, react-admin allows
 * everything, and so does this; one that answers only later is not waited for, and refuses.
 */
export function canAccessNow(authProvider: Partial<ConsoleAuthProvider> | undefined, query: AccessQuery): boolean {
  if (typeof authProvider?.canAccessNow === 'function') return authProvider.canAccessNow(query);
  return !authProvider?.canAccess;
}
