import CategoryIcon from '@mui/icons-material/Category';
import { Route } from 'react-router-dom';
import { places } from '../../schema/places';
import { placeEndpoints } from '../../src/dataProvider';
import type { ConsoleResource } from '../../src/resource';

import { lazyScreen } from '../../src/lazyScreen';

const { category } = places;

const CategoryTree = lazyScreen(() => import('./CategoryTree'), (module) => module.CategoryTree);
const CategoryCreate = lazyScreen(() => import('./CategoryCreate'), (module) => module.CategoryCreate);
const CategoryEdit = lazyScreen(() => import('./CategoryEdit'), (module) => module.CategoryEdit);

/** The course category tree: SPEC.md's /course_category, /course_category/create and /course_category/{id}/edit. */
const categories: ConsoleResource = {
  name: category.resource,
  icon: CategoryIcon,
  privileges: category.privileges,
  endpoints: placeEndpoints(category),
  list: CategoryTree,
  create: CategoryCreate,
  routes: <Route path=":id/edit" element={<CategoryEdit />} />,
};

export default categories;
