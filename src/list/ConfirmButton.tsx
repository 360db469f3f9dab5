import { Button } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';

export interface MutationCallbacks {
  onSuccess(): void;
  onError(error: unknown): void;
}

export interface ConfirmButtonProps {
  label: string;
  icon?: ReactNode;
  color?: 'primary' | 'error' | 'warning' | 'success' | 'inherit';
  /** The question ('Do you want to delete this item?'), a translation key. */
  content: string;
  translateOptions?: Record<string, unknown>;
  title?: string;
  pending: boolean;
  disabled?: boolean;
  /** Runs the change, reporting through the callbacks. */
  run(callbacks: MutationCallbacks): void;
  /** Said when it worked ('Delete success'). */
  successMessage: string;
  /** Said when the server gave no reason ('Operation failed'). */
  failureMessage?: string;
  /** What the screen does once it worked. */
  after?(): void;
  /** What asks the question instead of the button (a series' publish switch); `label` still titles it. */
  trigger?: (ask: () => void) => ReactNode;
}

/**
 * The one confirm dialog of the console: a button, a question, then the success text or the
 * server's reason. Deletes and custom actions (publish, abolish, approve) all go through it.
 */
export function ConfirmButton(props: ConfirmButtonProps) {
  const { label, icon, color = 'primary', content, translateOptions, title, pending, disabled, run, successMessage, failureMessage, after, trigger } = props;
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const confirm = () =>
    run({
      onSuccess: () => {
        setOpen(false);
        notify(successMessage, { type: 'success' });
        after?.();
      },
      onError: (error) => {
        setOpen(false);
        notify((error as Error)?.message || failureMessage || 'app.notification.operation_failed', { type: 'error' });
      },
    });
  return (
    <>
      {trigger ? (
        trigger(() => setOpen(true))
      ) : (
        <Button size="small" color={color} startIcon={icon} disabled={disabled} onClick={() => setOpen(true)}>
          {translate(label)}
        </Button>
      )}
      <Confirm
        isOpen={open}
        loading={pending}
        title={title ?? label}
        content={content}
        translateOptions={translateOptions}
        confirm="ra.action.confirm"
        cancel="ra.action.cancel"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
