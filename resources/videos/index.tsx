import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import { Route } from 'react-router-dom';
import { places } from '../../schema/places';
import { openingSort } from '../../src/firstPage';
import { placeEndpoints } from '../../src/dataProvider';
import type { ConsoleResource } from '../../src/resource';

import { lazyScreen } from '../../src/lazyScreen';

const { video } = places;

const VideoList = lazyScreen(() => import('./VideoList'), (module) => module.VideoList);
const VideoVersionList = lazyScreen(() => import('./VideoVersionList'), (module) => module.VideoVersionList);

/** /video and, beside it, /video/:id/version. */
const videos: ConsoleResource = {
  name: video.resource,
  firstPage: { sort: openingSort(video) },
  icon: OndemandVideoIcon,
  privileges: video.privileges,
  endpoints: placeEndpoints(video),
  list: VideoList,
  routes: <Route path=":id/version" element={<VideoVersionList />} />,
};

export default videos;
