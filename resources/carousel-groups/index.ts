import CollectionsIcon from '@mui/icons-material/Collections';
import { carouselGroup } from '../../schema/carouselGroup';
import { entityResource } from '../../src/resource';

export default entityResource(carouselGroup, { icon: CollectionsIcon });
