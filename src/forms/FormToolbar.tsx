import { Button } from '@mui/material';
import { SaveButton, Toolbar, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';

/** Submit and cancel; cancel closes the modal, or goes back to where the user came from. */
export function FormToolbar({ onCancel }: { onCancel?: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton label="app.form.submit" alwaysEnable />
      <Button onClick={() => (onCancel ? onCancel() : navigate(-1))}>{translate('app.form.cancel')}</Button>
    </Toolbar>
  );
}
