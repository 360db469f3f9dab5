import VideoLibraryIcon from '@mui/icons-material/VideoLibraryOutlined';
import { Button } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { video } from '../../schema/video';
import { EntityInputs } from '../../src/forms/EntityInputs';
import { ModalForm, type FormDefinition } from '../../src/forms/EntityForms';
import type { ListColumn } from '../../src/list/columns';
import { ConsoleList, type ModalFormProps } from '../../src/list/ConsoleList';

const form: FormDefinition = { schema: video.input, inputs: <EntityInputs entity={video} /> };
const columns: ListColumn[] = [{ source: 'title', sortable: true }, { source: 'version_count' }];

const VideoForm = (props: ModalFormProps) => <ModalForm form={form} {...props} />;

/** /video: titles and how many versions each has; the title is edited in a modal, versions on their own screen. */
export function VideoList() {
  const translate = useTranslate();
  const manageVersions = (record: RaRecord) => (
    <Button size="small" startIcon={<VideoLibraryIcon />} component={RouterLink} to={`/${video.resource}/${encodeURIComponent(String(record.id))}/version`}>
      {translate('resources.video.action.manage_versions')}
    </Button>
  );
  return <ConsoleList columns={columns} titleSource={video.titleField} formMode="modal" ModalForm={VideoForm} recordActions={manageVersions} />;
}
