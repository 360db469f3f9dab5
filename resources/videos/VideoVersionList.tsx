import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/EditOutlined';
import PlayIcon from '@mui/icons-material/PlayCircleOutline';
import { Box, Button, IconButton, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import {
  DataTable,
  ListContextProvider,
  ResourceContextProvider,
  TopToolbar,
  useDataProvider,
  useGetOne,
  useList,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { useCanAccessNow } from '../../src/useCanAccessNow';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { video, videoVersion } from '../../schema/video';
import type { ConsoleDataProvider } from '../../src/dataProvider';
import { ConfirmDeleteButton } from '../../src/list/DeleteButtons';
import { VersionForm } from './VersionForm';
import { VersionPreview } from './VersionPreview';
import { qualityName, versionPath, type VideoVersionRecord } from './versionCalls';

interface VideoWithVersions {
  id: number;
  title: string;
  versions: VideoVersionRecord[];
}

/** The one confirmed delete of the lists, for a version (its address is not the resource's). */
function DeleteVersionButton({ version, onDeleted }: { version: VideoVersionRecord; onDeleted(): void }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [deleting, setDeleting] = useState(false);
  return (
    <ConfirmDeleteButton
      content="app.list.delete_confirm"
      pending={deleting}
      run={({ onSuccess, onError }) => {
        setDeleting(true);
        dataProvider
          .send(versionPath(version.id), { method: 'DELETE' })
          .then(onSuccess, onError)
          .finally(() => setDeleting(false));
      }}
      after={onDeleted}
    />
  );
}

/** /video/:id/version: a video's playable versions, best quality first; add, edit, preview, delete. */
export function VideoVersionList() {
  const { id } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const canWrite = useCanAccessNow({ resource: video.resource, action: 'edit' });
  const canDelete = useCanAccessNow({ resource: video.resource, action: 'delete' });
  const [form, setForm] = useState<{ version?: VideoVersionRecord }>();
  const [preview, setPreview] = useState<VideoVersionRecord>();
  const closePreview = useCallback(() => setPreview(undefined), []);

  const videoId = Number(id);
  const { data, isPending, refetch } = useGetOne<VideoWithVersions>(
    video.resource,
    { id: videoId },
    {
      // A video deleted meanwhile, or a mistyped address: say why, back to the videos.
      onError: (error: Error) => {
        notify(error?.message || 'ra.notification.item_doesnt_exist', { type: 'error' });
        redirect('list', video.resource);
      },
    },
  );
  const listContext = useList({ data: data?.versions ?? [], isPending, resource: videoVersion.resource });
  const actions = (version: VideoVersionRecord) => (
    <Box sx={{ display: 'flex', gap: 0.5 }}>
      <Button size="small" startIcon={<PlayIcon />} onClick={() => setPreview(version)}>
        {translate('resources.video_version.action.preview')}
      </Button>
      {canWrite && (
        <Button size="small" startIcon={<EditIcon />} onClick={() => setForm({ version })}>
          {translate('ra.action.edit')}
        </Button>
      )}
      {canDelete && <DeleteVersionButton version={version} onDeleted={() => refetch()} />}
    </Box>
  );

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2, mb: 1 }}>
        <IconButton component={RouterLink} to={`/${video.resource}`} aria-label={translate('resources.video_version.back')}>
          <ArrowBackIcon />
        </IconButton>
        <Typography variant="h5" component="h2">
          {data ? translate('resources.video_version.heading', { title: data.title }) : translate('resources.video_version.name', { smart_count: 2 })}
        </Typography>
      </Box>
      <TopToolbar sx={{ justifyContent: 'flex-start', minHeight: 'auto', pt: 0 }}>
        {canWrite && (
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setForm({})} disabled={!data}>
            {translate('ra.action.create')}
          </Button>
        )}
      </TopToolbar>

      <ResourceContextProvider value={videoVersion.resource}>
        <ListContextProvider value={listContext}>
          <DataTable
            rowClick={false}
            bulkActionButtons={false}
            empty={<Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">{translate('app.list.empty')}</Typography>}
          >
            <DataTable.Col source="file" disableSort />
            <DataTable.Col source="format" disableSort />
            <DataTable.Col source="quality" disableSort render={(version: VideoVersionRecord) => translate(qualityName(version.quality))} />
            <DataTable.Col label={translate('app.list.actions')} disableSort render={actions} />
          </DataTable>
        </ListContextProvider>
      </ResourceContextProvider>

      {form && data && (
        <VersionForm
          videoId={videoId}
          version={form.version}
          onClose={() => setForm(undefined)}
          onSaved={() => {
            setForm(undefined);
            refetch();
          }}
        />
      )}
      {preview && data && <VersionPreview videoId={videoId} videoTitle={data.title} version={preview} onClose={closePreview} />}
    </>
  );
}
