import CollectionsIcon from '@mui/icons-material/Collections';
import { places } from '../../schema/places';
import { entityResource } from '../../src/resource';

export default entityResource(places.carouselGroup, async () => (await import('../../schema/carouselGroup')).carouselGroup, { icon: CollectionsIcon });
