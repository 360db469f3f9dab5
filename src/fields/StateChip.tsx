import { Chip } from '@mui/material';

/** A state at a glance: green while on ('Active', 'Enabled', 'Published'), grey when off. */
export function StateChip({ on, label }: { on: boolean; label: string }) {
  return <Chip size="small" variant="outlined" color={on ? 'success' : 'default'} label={label} />;
}
