import { FormControlLabel, Switch } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { useCanAccessNow } from '../../src/useCanAccessNow';
import { series } from '../../schema/series';
import { RecordActionButton } from '../../src/list/RecordActionButton';

/** 'Published' or 'Unpublished': a series' state in words. */
export const statusKey = (record: RaRecord) => `resources.${series.resource}.status.${record.available ? 'published' : 'unpublished'}`;

/** The switch itself: on when published, named for what "on" means, labelled with the state. */
function StateSwitch({ record, onChange, disabled }: { record: RaRecord; onChange?: () => void; disabled?: boolean }) {
  const translate = useTranslate();
  return (
    <FormControlLabel
      label={translate(statusKey(record))}
      disabled={disabled}
      control={
        <Switch
          size="small"
          checked={Boolean(record.available)}
          onChange={onChange}
          slotProps={{ input: { 'aria-label': translate(`resources.${series.resource}.status.published`) } }}
        />
      }
      // In a card's line or a table cell: as tall as the text around it.
      sx={{ m: 0, gap: 0.5, verticalAlign: 'middle', '& .MuiFormControlLabel-label': { typography: 'body2', whiteSpace: 'nowrap' } }}
    />
  );
}

/**
 * SPEC.md's status switch: publish an unpublished series, or take a published one off sale, after a
 * confirmation; 'Series published successfully' or 'Series removed successfully', and 'Operation
 * failed' unless the server says why. Whoever may not publish sees the state, switched off.
 */
export function PublishSwitch({ record }: { record: RaRecord }) {
  const canAccess = useCanAccessNow({ resource: series.resource, action: 'publish', record });
  if (!canAccess) return <StateSwitch record={record} disabled />;
  const published = Boolean(record.available);
  const verb = published ? 'unpublish' : 'publish';
  return (
    <RecordActionButton
      action="publish"
      label={`resources.${series.resource}.action.${verb}`}
      content={`resources.${series.resource}.action.${verb}_confirm`}
      translateOptions={{ title: record.title }}
      successMessage={`resources.${series.resource}.action.${published ? 'unpublished' : 'published'}`}
      failureMessage="app.notification.operation_failed"
      perform={(one, dataProvider) => dataProvider.send(`${series.api}/${encodeURIComponent(String(one.id))}/${verb}`, { method: 'POST' })}
      trigger={(ask) => <StateSwitch record={record} onChange={ask} />}
    />
  );
}
