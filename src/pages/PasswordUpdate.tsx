import { Box, Card, CardContent, Typography } from '@mui/material';
import { Form, PasswordInput, useDataProvider, useNotify, useTranslate, type HttpError } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { passwordChangeBody } from '../../schema/auth';
import type { ConsoleDataProvider } from '../dataProvider';
import { FormToolbar } from '../forms/FormToolbar';
import { schemaResolver } from '../forms/resolver';

/** /password/update: old, new and confirmed password, checked here and again by the server. */
const resolver = schemaResolver(passwordChangeBody);

export function PasswordUpdate() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();

  const submit = async (values: Record<string, unknown>) => {
    try {
      await dataProvider.send('/uc/v1/users/actions/update_password', { method: 'PUT', body: values });
      notify('app.password.changed', { type: 'success' });
      navigate('/');
    } catch (error) {
      notify((error as Error)?.message || 'app.notification.server_error', { type: 'error' });
      // Shown under the fields, like any check made here.
      return (error as HttpError)?.body?.errors;
    }
  };

  return (
    <Box sx={{ maxWidth: 520, mt: 3 }}>
      <Card>
        <CardContent>
          <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
            {translate('app.password.title')}
          </Typography>
          <Form onSubmit={submit} resolver={resolver} noValidate>
            <PasswordInput source="raw_password" label="app.password.raw_password" autoComplete="current-password" fullWidth isRequired />
            <PasswordInput source="new_password" label="app.password.new_password" autoComplete="new-password" fullWidth isRequired />
            <PasswordInput source="confirm_password" label="app.password.confirm_password" autoComplete="new-password" fullWidth isRequired />
            <FormToolbar />
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}
