import { Alert, Portal, Snackbar } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useNotificationContext, useTakeUndoableMutation, useTranslate, type NotificationPayload } from 'react-admin';

const severity = { info: 'info', success: 'success', warning: 'warning', error: 'error' } as const;

/**
 * One toast at a time, near the top: a new message replaces the one on screen instead of
 * queueing behind it.
 */
export function OneToast() {
  const { notifications, resetNotifications } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();
  const [current, setCurrent] = useState<NotificationPayload & { key: number }>();
  const [open, setOpen] = useState(false);
  const shown = useRef(0);

  useEffect(() => {
    if (notifications.length === 0) return;
    const latest = notifications[notifications.length - 1];
    resetNotifications();
    // The console saves pessimistically; should anything ask for undo, commit it now.
    if (latest.notificationOptions?.undoable) takeMutation()?.({ isUndo: false });
    shown.current += 1;
    setCurrent({ ...latest, key: shown.current });
    setOpen(true);
  }, [notifications, resetNotifications, takeMutation]);

  if (!current) return null;
  const { message, type, notificationOptions = {} } = current;
  const text = typeof message === 'string' ? translate(message, { _: message, ...notificationOptions.messageArgs }) : message;
  // In a portal of its own, so a modal form open below it does not hide it from screen readers.
  return (
    <Portal>
    <Snackbar
      key={current.key}
      open={open}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      autoHideDuration={notificationOptions.autoHideDuration === null ? null : (notificationOptions.autoHideDuration ?? 3000)}
      onClose={(_, reason) => reason !== 'clickaway' && setOpen(false)}
    >
      <Alert role="alert" variant="filled" severity={severity[type ?? 'info']} onClose={() => setOpen(false)} sx={{ minWidth: 280 }}>
        {text}
      </Alert>
    </Snackbar>
    </Portal>
  );
}
