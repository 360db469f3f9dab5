import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useListContext, useNotify, useResourceContext, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';

/** Saves a file the browser holds, under the name given. */
function saveFile(file: Blob, name: string) {
  const address = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = address;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(address));
}

/**
 * Downloads the list as CSV: every row of the current search, filters and sort (not just the page),
 * made by the server in the interface's language and the user's time zone.
 */
export function ExportButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const resource = useResourceContext()!;
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { filterValues, sort } = useListContext();
  const [busy, setBusy] = useState(false);

  const exportList = async () => {
    setBusy(true);
    try {
      const { file, name } = await dataProvider.exportCsv(resource, { filter: filterValues, sort });
      saveFile(file, name);
    } catch (error) {
      // A 401 signs out with its own message.
      if ((error as { status?: number }).status !== 401) notify((error as Error).message || 'app.export.failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={exportList} disabled={busy}>
      {translate(busy ? 'app.export.busy' : 'app.export.button')}
    </Button>
  );
}
