import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import { carousel } from '../../schema/carousel';
import { restEndpoints } from '../../src/dataProvider';
import type { ConsoleResource } from '../../src/resource';
import { CarouselCreate, CarouselEdit } from './CarouselForm';
import { CarouselList } from './CarouselList';

/** /carousel (one group's carousels), /carousel/create and /carousel/edit/{id}. */
const carousels: ConsoleResource = {
  name: carousel.resource,
  icon: ViewCarouselIcon,
  privileges: carousel.privileges,
  endpoints: restEndpoints(carousel.api, carousel.idKey, carousel.listApi),
  list: CarouselList,
  create: CarouselCreate,
  edit: CarouselEdit,
  recordRepresentation: carousel.titleField,
};

export default carousels;
