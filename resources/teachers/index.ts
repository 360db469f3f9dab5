import SchoolIcon from '@mui/icons-material/School';
import { places } from '../../schema/places';
import { entityResource } from '../../src/resource';

export default entityResource(places.teacher, async () => (await import('../../schema/teacher')).teacher, { icon: SchoolIcon, showIndex: true });
