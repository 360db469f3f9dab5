import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useDelete, useDeleteMany, useListContext, useRecordContext, useResourceContext } from 'react-admin';
import { useCanAccessNow } from '../useCanAccessNow';
import { ConfirmButton, type ConfirmButtonProps } from './ConfirmButton';
import { useStepBack } from './useStepBack';

export type ConfirmDeleteProps = Pick<ConfirmButtonProps, 'content' | 'translateOptions' | 'pending' | 'run' | 'after'>;

/**
 * A delete behind the one confirm dialog. Screens whose records live at other addresses (a video's
 * versions) give their own `run`.
 */
export function ConfirmDeleteButton(props: ConfirmDeleteProps) {
  return (
    <ConfirmButton
      label="ra.action.delete"
      icon={<DeleteIcon />}
      color="error"
      successMessage="app.notification.deleted"
      failureMessage="app.notification.operation_failed"
      {...props}
    />
  );
}

/** Deletes the record of its row or card, when the resource allows deleting that record. */
export function DeleteRecordButton() {
  const record = useRecordContext();
  const resource = useResourceContext();
  const canAccess = useCanAccessNow({ action: 'delete', record });
  // The list keeps its own selection (it stores nothing): a deleted record must leave it.
  const { selectedIds, onSelect } = useListContext();
  const stepBack = useStepBack();
  const [deleteOne, { isPending }] = useDelete();
  if (!record || !resource || !canAccess) return null;
  return (
    <ConfirmDeleteButton
      content="app.list.delete_confirm"
      pending={isPending}
      run={(callbacks) => deleteOne(resource, { id: record.id, previousData: record }, { mutationMode: 'pessimistic', ...callbacks })}
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
      translateOptions={{ count: selectedIds.length }}
      pending={isPending}
      run={(callbacks) => deleteMany(resource, { ids: selectedIds }, { mutationMode: 'pessimistic', ...callbacks })}
      after={() => {
        onUnselectItems();
        stepBack(onPage);
      }}
    />
  );
}
