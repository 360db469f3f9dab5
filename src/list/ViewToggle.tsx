import GridViewIcon from '@mui/icons-material/GridView';
import TableRowsIcon from '@mui/icons-material/TableRows';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useStore, useTranslate } from 'react-admin';
import { storageKeys, type ListView } from '../storage';

/** Card or table, remembered under `tabType`; cards unless the user chose otherwise. */
export const useListView = () => useStore<ListView>(storageKeys.tabType, 'card');

export function ViewToggle() {
  const translate = useTranslate();
  const [view, setView] = useListView();
  return (
    <ToggleButtonGroup size="small" exclusive value={view} onChange={(_, next: ListView | null) => next && setView(next)}>
      <ToggleButton value="card" aria-label={translate('app.list.card_view')} title={translate('app.list.card_view')}>
        <GridViewIcon fontSize="small" />
      </ToggleButton>
      <ToggleButton value="table" aria-label={translate('app.list.table_view')} title={translate('app.list.table_view')}>
        <TableRowsIcon fontSize="small" />
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
