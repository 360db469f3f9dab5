import { useState, type ReactNode } from 'react';
import { useDataProvider, useRecordContext, useRefresh, useResourceContext, type RaRecord } from 'react-admin';
import { useCanAccessNow } from '../useCanAccessNow';
import type { ConsoleDataProvider } from '../dataProvider';
import { ConfirmButton } from './ConfirmButton';

export interface RecordActionButtonProps {
  /** The action `canAccess` is asked about ('publish', 'abolish', 'approve'). */
  action: string;
  label: string;
  icon?: ReactNode;
  color?: 'primary' | 'error' | 'warning' | 'success' | 'inherit';
  /** The question asked before it runs, a translation key. */
  content: string;
  /** What the question names (`%{name}`). */
  translateOptions?: Record<string, unknown>;
  successMessage: string;
  failureMessage?: string;
  /** The call, through the console's one client. */
  perform(record: RaRecord, dataProvider: ConsoleDataProvider): Promise<unknown>;
  /** What asks the question instead of a button (a switch). */
  trigger?: (ask: () => void) => ReactNode;
}

/**
 * A custom action on the record of its row or card (publish, abolish, approve...): offered only
 * when `canAccess` allows it, confirmed, reported, and the list refreshed after.
 */
export function RecordActionButton({ action, perform, ...shown }: RecordActionButtonProps) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);
  const canAccess = useCanAccessNow({ resource, action, record });
  if (!record || !canAccess) return null;
  return (
    <ConfirmButton
      {...shown}
      pending={pending}
      run={({ onSuccess, onError }) => {
        setPending(true);
        perform(record, dataProvider)
          .then(onSuccess, onError)
          .finally(() => setPending(false));
      }}
      after={refresh}
    />
  );
}
