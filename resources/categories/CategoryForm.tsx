import { Card, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { SimpleForm, TextInput, useNotify, useRedirect } from 'react-admin';
import { category } from '../../schema/category';
import { FormToolbar } from '../../src/forms/FormToolbar';
import { schemaResolver } from '../../src/forms/resolver';

const resolver = schemaResolver(category.input);

/** The one field of a category, its title; `parent_id` rides along as the page's address gave it. */
export function CategoryForm({ heading, defaultValues }: { heading: ReactNode; defaultValues?: Record<string, unknown> }) {
  return (
    <>
      <Typography variant="h5" component="h2" sx={{ mt: 2, mb: 1, overflowWrap: 'anywhere' }}>
        {heading}
      </Typography>
      <Card>
        <SimpleForm resolver={resolver} defaultValues={defaultValues} toolbar={<FormToolbar />} sx={{ maxWidth: 720 }}>
          <TextInput source="title" isRequired fullWidth slotProps={{ htmlInput: { maxLength: category.fields.title.max } }} />
        </SimpleForm>
      </Card>
    </>
  );
}

/** The `parent_id` of the page's address (SPEC.md: /course_category/create?parent_id=...); 0 when absent. */
export function parentIdOf(search: string): number {
  const value = Number(new URLSearchParams(search).get('parent_id') ?? 0);
  return Number.isInteger(value) && value > 0 ? value : 0;
}

/** After a save: the success text and back to the tree, or the server's message. */
export function useSaveFeedback(successKey: string) {
  const notify = useNotify();
  const redirect = useRedirect();
  return {
    onSuccess: () => {
      notify(successKey, { type: 'success' });
      redirect('list', category.resource);
    },
    onError: (error: Error) => notify(error?.message || 'app.notification.server_error', { type: 'error' }),
  };
}
