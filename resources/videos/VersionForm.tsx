import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { ResourceContextProvider, SelectInput, SimpleForm, useDataProvider, useNotify, useTranslate, type HttpError } from 'react-admin';
import { versionBody, videoFormats, videoQualities, videoVersion } from '../../schema/video';
import type { ConsoleDataProvider } from '../../src/dataProvider';
import { FormToolbar } from '../../src/forms/FormToolbar';
import { schemaResolver } from '../../src/forms/resolver';
import { FileInput } from '../../src/upload/FileInput';
import { qualityName, versionsPath, type VideoVersionRecord } from './versionCalls';

const resolver = schemaResolver(versionBody);
const formatChoices = videoFormats.map((format) => ({ id: format, name: format }));
const qualityChoices = videoQualities.map((quality) => ({ id: quality, name: qualityName(quality) }));

interface VersionFormProps {
  videoId: number;
  /** The version to edit; absent when adding one. */
  version?: VideoVersionRecord;
  onClose(): void;
  onSaved(): void;
}

/** Adds or edits a version in a modal; the server's refusals show under the fields. */
export function VersionForm({ videoId, version, onClose, onSaved }: VersionFormProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const name = translate(`resources.${videoVersion.resource}.name`, { smart_count: 1 });
  const title = translate(version ? 'ra.page.edit' : 'ra.page.create', { name, recordRepresentation: '' }).trim();

  const save = async (values: Record<string, unknown>) => {
    const fields = { file: values.file, format: values.format, quality: values.quality };
    try {
      await dataProvider.send(versionsPath(videoId), version ? { method: 'PUT', body: { id: version.id, ...fields } } : { method: 'POST', body: fields });
    } catch (error) {
      notify((error as Error)?.message || 'app.notification.server_error', { type: 'error' });
      return (error as HttpError)?.body?.errors;
    }
    notify(version ? 'app.notification.updated' : 'app.notification.created', { type: 'success' });
    onSaved();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="version-form-title">
      <DialogTitle id="version-form-title">{title}</DialogTitle>
      <DialogContent sx={{ p: 0 }}>
        {/* Labels come from resources.video_version.fields.* */}
        <ResourceContextProvider value={videoVersion.resource}>
          <SimpleForm record={version} resolver={resolver} onSubmit={save} toolbar={<FormToolbar onCancel={onClose} />}>
            <FileInput source="file" kind="video" isRequired />
            <SelectInput source="format" choices={formatChoices} translateChoice={false} isRequired fullWidth />
            <SelectInput source="quality" choices={qualityChoices} isRequired fullWidth />
          </SimpleForm>
        </ResourceContextProvider>
      </DialogContent>
    </Dialog>
  );
}
