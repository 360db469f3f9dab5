import { CircularProgress } from '@mui/material';
import { useLoading } from 'react-admin';
import { useDelayed } from '../useDelayed';

/** The header's spinner, shown only for loads that last longer than 200 ms. */
export function DelayedLoadingIndicator() {
  const visible = useDelayed(useLoading());
  return (
    <CircularProgress
      role="progressbar"
      aria-label="loading"
      color="inherit"
      size={18}
      thickness={6}
      sx={{ mx: 1.5, visibility: visible ? 'visible' : 'hidden' }}
    />
  );
}
