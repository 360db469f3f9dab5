import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import { Route } from 'react-router-dom';
import { video } from '../../schema/video';
import { restEndpoints } from '../../src/dataProvider';
import type { ConsoleResource } from '../../src/resource';
import { VideoList } from './VideoList';
import { VideoVersionList } from './VideoVersionList';

/** /video and, beside it, /video/:id/version. */
const videos: ConsoleResource = {
  name: video.resource,
  icon: OndemandVideoIcon,
  privileges: video.privileges,
  endpoints: restEndpoints(video.api, video.idKey, video.listApi),
  list: VideoList,
  routes: <Route path=":id/version" element={<VideoVersionList />} />,
};

export default videos;
