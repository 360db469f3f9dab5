import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useDelete, useDeleteMany, useListContext, useNotify, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { useStepBack } from './useStepBack';

export interface MutationCallbacks {
  onSuccess(): void;
  onError(error: unknown): void;
}

export interface ConfirmDeleteProps {
  content: string;
  count?: number;
  deleting: boolean;
  /** Runs the deletion, reporting through the callbacks. */
  remove(callbacks: MutationCallbacks): void;
  /** What the list does once the records are gone. */
  after(): void;
}

/** The one way to delete: a button, 'Do you want to delete...?', then 'Delete success' or the server's reason. */
export function ConfirmDeleteButton({ content, count, deleting, remove, after }: ConfirmDeleteProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const confirm = () =>
    remove({
      onSuccess: () => {
        setOpen(false);
        notify('app.notification.deleted', { type: 'success' });
        after();
      },
      onError: (error) => {
        setOpen(false);
        notify((error as Error)?.message || 'app.notification.operation_failed', { type: 'error' });
      },
    });
  return (
    <>
      <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => setOpen(true)}>
        {translate('ra.action.delete')}
      </Button>
      <Confirm
        isOpen={open}
        loading={deleting}
        title="ra.action.delete"
        content={content}
        translateOptions={{ count: count ?? 1 }}
        confirm="ra.action.confirm"
        cancel="ra.action.cancel"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** Deletes the record of its row or card. */
export function DeleteRecordButton() {
  const record = useRecordContext();
  const resource = useResourceContext();
  // The list keeps its own selection (it stores nothing): a deleted record must leave it.
  const { selectedIds, onSelect } = useListContext();
  const stepBack = useStepBack();
  const [deleteOne, { isPending }] = useDelete();
  if (!record || !resource) return null;
  return (
    <ConfirmDeleteButton
      content="app.list.delete_confirm"
      deleting={isPending}
      remove={(callbacks) => deleteOne(resource, { id: record.id, previousData: record }, { mutationMode: 'pessimistic', ...callbacks })}
      after={() => {
        onSelect(selectedIds.filter((id) => id !== record.id));
        stepBack(1);
      }}
    />
  );
}

/** Deletes every selected record at once. */
export function BulkDeleteRecordsButton() {
  const resource = useResourceContext();
  const { selectedIds, onUnselectItems, data = [] } = useListContext();
  const stepBack = useStepBack();
  const [deleteMany, { isPending }] = useDeleteMany();
  if (!resource) return null;
  const onPage = data.filter((record) => selectedIds.includes(record.id)).length;
  return (
    <ConfirmDeleteButton
      content={selectedIds.length === 1 ? 'app.list.delete_confirm' : 'app.list.delete_many_confirm'}
      count={selectedIds.length}
      deleting={isPending}
      remove={(callbacks) => deleteMany(resource, { ids: selectedIds }, { mutationMode: 'pessimistic', ...callbacks })}
      after={() => {
        onUnselectItems();
        stepBack(onPage);
      }}
    />
  );
}
