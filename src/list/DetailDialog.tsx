import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import type { RaRecord } from 'react-admin';
import { useResourceContext, useTranslate } from 'react-admin';
import { columnLabel, columnValue, type ListColumn } from './columns';

/** A record's details in a modal, opened from its title in the list. */
export function DetailDialog({ record, title, fields, onClose }: { record?: RaRecord; title: string; fields: ListColumn[]; onClose(): void }) {
  const translate = useTranslate();
  const resource = useResourceContext() ?? '';
  return (
    <Dialog open={Boolean(record)} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="detail-title">
      <DialogTitle id="detail-title" sx={{ overflowWrap: 'anywhere' }}>
        {translate('app.list.detail')}
        {record ? `: ${String(record[title] ?? '')}` : ''}
      </DialogTitle>
      <DialogContent dividers>
        {record &&
          fields.map((field) => (
            // On a phone the label goes above its value, so the value keeps the dialog's width.
            <Box key={field.source} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, columnGap: 2, rowGap: 0.25, py: 0.75 }}>
              <Typography variant="body2" color="text.secondary">
                {translate(columnLabel(resource, field))}
              </Typography>
              <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {columnValue(record, field)}
              </Typography>
            </Box>
          ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
