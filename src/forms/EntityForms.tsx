import { Dialog, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import {
  Create,
  CreateBase,
  Edit,
  EditBase,
  SimpleForm,
  useGetRecordRepresentation,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
  useResourceContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { z } from 'zod';
import { FormToolbar } from './FormToolbar';
import { schemaResolver } from './resolver';

export interface FormDefinition {
  /** The rules, shared with the server. */
  schema: z.ZodType;
  /** The inputs, named after the wire fields. */
  inputs: ReactNode;
}

/** After a save: the success text, or the server's message (a fixed text when it gave none). */
function useSaveFeedback(successKey: string, after: () => void) {
  const notify = useNotify();
  return {
    onSuccess: () => {
      notify(successKey, { type: 'success' });
      after();
    },
    onError: (error: Error) => notify(error?.message || 'app.notification.server_error', { type: 'error' }),
  };
}

/**
 * What the form page and the form modal are titled: 'Create Carousel group', or what is edited,
 * 'Edit Carousel group: Home page' (the record as the resource represents it: its name or title).
 */
function useFormTitle(editing: boolean, record?: RaRecord) {
  const translate = useTranslate();
  const resource = useResourceContext();
  const represent = useGetRecordRepresentation(resource);
  const name = translate(`resources.${resource}.name`, { smart_count: 1 });
  if (!editing) return translate('ra.page.create', { name });
  const shown = record ? represent(record) : undefined;
  return typeof shown === 'string' || typeof shown === 'number'
    ? translate('app.form.edit_record', { name, record: String(shown) })
    : translate('app.form.edit', { name });
}

function PageHeading({ editing }: { editing: boolean }) {
  return (
    <Typography variant="h5" component="h2" sx={{ mt: 2, mb: 1, overflowWrap: 'anywhere' }}>
      {useFormTitle(editing, useRecordContext())}
    </Typography>
  );
}

function FormBody({ form, onCancel }: { form: FormDefinition; onCancel?: () => void }) {
  const resolver = useMemo(() => schemaResolver(form.schema), [form.schema]);
  return (
    <SimpleForm resolver={resolver} toolbar={<FormToolbar onCancel={onCancel} />} sx={{ maxWidth: 720 }}>
      {form.inputs}
    </SimpleForm>
  );
}

/** /x/create: saves, says 'Create success.' and returns to the list. */
export function CreatePage({ form }: { form: FormDefinition }) {
  const redirect = useRedirect();
  const resource = useResourceContext();
  const feedback = useSaveFeedback('app.notification.created', () => redirect('list', resource));
  return (
    <>
      <PageHeading editing={false} />
      <Create title={false} redirect={false} mutationOptions={feedback}>
        <FormBody form={form} />
      </Create>
    </>
  );
}

/** /x/edit/:id: saves (no undo: a save is a save), says 'Edit Success' and returns to the list. */
export function EditPage({ form }: { form: FormDefinition }) {
  const redirect = useRedirect();
  const resource = useResourceContext();
  const notify = useNotify();
  const feedback = useSaveFeedback('app.notification.updated', () => redirect('list', resource));
  // A record that cannot be loaded (deleted meanwhile, a mistyped id): say why, back to the list.
  const loadFailed = {
    onError: (error: Error) => {
      notify(error?.message || 'ra.notification.item_doesnt_exist', { type: 'error' });
      redirect('list', resource);
    },
  };
  return (
    // The heading goes where react-admin puts the actions: above the form, with the record loaded.
    <Edit
      title={false}
      actions={<PageHeading editing />}
      redirect={false}
      mutationMode="pessimistic"
      mutationOptions={feedback}
      queryOptions={loadFailed}
    >
      <FormBody form={form} />
    </Edit>
  );
}

/** The same forms over the list, for resources whose records are edited in place. */
export function ModalForm({ form, record, onClose }: { form: FormDefinition; record?: RaRecord; onClose(): void }) {
  const refresh = useRefresh();
  const saved = useSaveFeedback(record ? 'app.notification.updated' : 'app.notification.created', () => {
    onClose();
    refresh();
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="form-title">
      <DialogTitle id="form-title" sx={{ overflowWrap: 'anywhere' }}>
        {useFormTitle(Boolean(record), record)}
      </DialogTitle>
      <DialogContent sx={{ p: 0 }}>
        {record ? (
          <EditBase id={record.id} redirect={false} mutationMode="pessimistic" mutationOptions={saved}>
            <FormBody form={form} onCancel={onClose} />
          </EditBase>
        ) : (
          <CreateBase redirect={false} mutationOptions={saved}>
            <FormBody form={form} onCancel={onClose} />
          </CreateBase>
        )}
      </DialogContent>
    </Dialog>
  );
}
