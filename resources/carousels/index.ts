import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import { places } from '../../schema/places';
import { placeEndpoints } from '../../src/dataProvider';
import type { ConsoleResource } from '../../src/resource';

import { lazyScreen } from '../../src/lazyScreen';

const { carousel } = places;

const CarouselList = lazyScreen(() => import('./CarouselList'), (module) => module.CarouselList);
const CarouselCreate = lazyScreen(() => import('./CarouselForm'), (module) => module.CarouselCreate);
const CarouselEdit = lazyScreen(() => import('./CarouselForm'), (module) => module.CarouselEdit);

/** /carousel (one group's carousels), /carousel/create and /carousel/edit/{id}. */
const carousels: ConsoleResource = {
  name: carousel.resource,
  icon: ViewCarouselIcon,
  privileges: carousel.privileges,
  endpoints: placeEndpoints(carousel),
  list: CarouselList,
  create: CarouselCreate,
  edit: CarouselEdit,
  recordRepresentation: carousel.titleField,
};

export default carousels;
