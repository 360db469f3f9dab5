import { Dialog, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import {
  Create,
  CreateBase,
  EditBase,
  EditView,
  SimpleForm,
  useEditContext,
  useGetRecordRepresentation,
  useNotify,
  useRedirect,
  useRefresh,
  useResourceContext,
  useTranslate,
  type HttpError,
  type RaRecord,
} from 'react-admin';
import type { z } from 'zod';
import { NotFound } from '../pages/NotFound';
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

function PageHeading({ title }: { title: string }) {
  return (
    <Typography variant="h5" component="h2" sx={{ mt: 2, mb: 1, overflowWrap: 'anywhere' }}>
      {title}
    </Typography>
  );
}

/** An id that names no record: unknown (404), or not even an id (400, the only thing a read by id can get wrong). */
export const isMissing = (error: unknown) => [400, 404].includes((error as HttpError | undefined)?.status ?? 0);

/** The edit page's heading, naming the record once it is there. */
function EditHeading() {
  return <PageHeading title={useFormTitle(true, useEditContext().record)} />;
}

/** The page, when the record cannot be loaded: the not-found page for a missing one. */
function LoadFailure() {
  const { error } = useEditContext();
  return isMissing(error) ? <NotFound /> : null;
}

/**
 * When the record arrives after the form shows (a modal opens on the list's copy, then reads the
 * server's), what the user already typed stays; only untouched inputs take the fresh values.
 */
const keepTyping = { keepDirtyValues: true };

function FormBody({ form, onCancel }: { form: FormDefinition; onCancel?: () => void }) {
  const resolver = useMemo(() => schemaResolver(form.schema), [form.schema]);
  return (
    <SimpleForm resolver={resolver} resetOptions={keepTyping} toolbar={<FormToolbar onCancel={onCancel} />} sx={{ maxWidth: 720 }}>
      {form.inputs}
    </SimpleForm>
  );
}

/** /x/create: saves, says 'Create success.' and returns to the list. `defaults` are what the form opens with (a series' preset values). */
export function CreatePage({ form, defaults }: { form: FormDefinition; defaults?: Partial<RaRecord> }) {
  const redirect = useRedirect();
  const resource = useResourceContext();
  const feedback = useSaveFeedback('app.notification.created', () => redirect('list', resource));
  return (
    <>
      <PageHeading title={useFormTitle(false)} />
      <Create title={false} redirect={false} mutationOptions={feedback} record={defaults}>
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
  // No such record (deleted meanwhile, a mistyped id): the not-found page says so, no toast needed.
  // Any other failure to load: say why, back to the list.
  const loadFailed = {
    onError: (error: Error) => {
      if (isMissing(error)) return;
      notify(error?.message || 'ra.notification.item_doesnt_exist', { type: 'error' });
      redirect('list', resource);
    },
  };
  return (
    // react-admin's <Edit> in two parts, so that a load failure replaces the whole page, not the form.
    <EditBase redirect={false} mutationMode="pessimistic" mutationOptions={feedback} queryOptions={loadFailed} error={<LoadFailure />}>
      {/* The heading goes where react-admin puts the actions: above the form, with the record loaded. */}
      <EditView title={false} actions={<EditHeading />}>
        <FormBody form={form} />
      </EditView>
    </EditBase>
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
