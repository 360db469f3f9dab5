import SchoolIcon from '@mui/icons-material/School';
import { teacher } from '../../schema/teacher';
import { entityResource } from '../../src/resource';

export default entityResource(teacher, { icon: SchoolIcon, showIndex: true });
