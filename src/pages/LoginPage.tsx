import { Box, Card, CardContent, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { phraseWrap } from '../layout/phraseWrap';
import { getToken } from '../storage';
import { QrSignIn } from './QrSignIn';
import { Form, LocalesMenuButton, PasswordInput, required, SaveButton, TextInput, useNotify, useTranslate } from 'react-admin';
import { useSignIn } from './useSignIn';
import { useHandOverOnShow } from '../firstScreen/handOver';

type Mode = 'input' | 'qr';

function PasswordSignIn() {
  const login = useSignIn();
  const notify = useNotify();

  const submit = async (values: Record<string, unknown>) => {
    try {
      await login({ login_name: String(values.login_name ?? '').trim(), password: String(values.password ?? '') });
      notify('app.auth.login_successful', { type: 'success' });
    } catch (error) {
      notify((error as Error)?.message || 'app.auth.login_failed', { type: 'error' });
    }
  };

  return (
    <Form onSubmit={submit} noValidate>
      <TextInput source="login_name" label="app.auth.login_name" autoComplete="username" validate={required('app.auth.login_name_required')} fullWidth autoFocus />
      <PasswordInput source="password" label="app.auth.password" autoComplete="current-password" validate={required('app.auth.password_required')} fullWidth />
      <SaveButton label="app.auth.sign_in" icon={<></>} fullWidth alwaysEnable sx={{ mt: 1 }} />
    </Form>
  );
}

/** /login: the account form, or the QR code a signed-in phone confirms. */
export function LoginPage() {
  useHandOverOnShow();
  const translate = useTranslate();
  const [mode, setMode] = useState<Mode>('input');
  // Decided on arrival only: signing in here stores a session before it moves on by itself.
  const [signedIn] = useState(() => Boolean(getToken()));
  if (signedIn) return <Navigate to="/" replace />;
  return (
    // On the theme's page background, as the console's own screens are: a fixed light grey showed around the dark theme's card.
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default', p: 2 }}>
      <Card sx={{ width: 420, maxWidth: '100%' }}>
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="h5" component="h1" sx={phraseWrap}>
              {translate('app.title')}
            </Typography>
            <LocalesMenuButton />
          </Box>
          <Tabs value={mode} onChange={(_, next: Mode) => setMode(next)} variant="fullWidth" sx={{ my: 2 }}>
            <Tab value="input" label={translate('app.auth.input_mode')} sx={phraseWrap} />
            <Tab value="qr" label={translate('app.auth.qr_mode')} sx={phraseWrap} />
          </Tabs>
          {mode === 'input' ? <PasswordSignIn /> : <QrSignIn />}
        </CardContent>
      </Card>
    </Box>
  );
}
