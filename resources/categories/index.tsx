import CategoryIcon from '@mui/icons-material/Category';
import { Route } from 'react-router-dom';
import { category } from '../../schema/category';
import { restEndpoints } from '../../src/dataProvider';
import type { ConsoleResource } from '../../src/resource';
import { CategoryCreate } from './CategoryCreate';
import { CategoryEdit } from './CategoryEdit';
import { CategoryTree } from './CategoryTree';

/** The course category tree: SPEC.md's /course_category, /course_category/create and /course_category/{id}/edit. */
const categories: ConsoleResource = {
  name: category.resource,
  icon: CategoryIcon,
  privileges: category.privileges,
  endpoints: restEndpoints(category.api, category.idKey),
  list: CategoryTree,
  create: CategoryCreate,
  routes: <Route path=":id/edit" element={<CategoryEdit />} />,
};

export default categories;
