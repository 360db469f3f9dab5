import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { category, type CategoryNode } from '../../schema/category';
import type { ConsoleDataProvider } from '../../src/dataProvider';

/** The tree's one cache entry: the tree screen, its moves and every category select share it. */
export const categoryTreeKey = [category.resource, 'tree'];

/** `GET /api/v1/categories/tree`: the two-level category tree, siblings in their order. */
export function useCategoryTree() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({
    queryKey: categoryTreeKey,
    queryFn: ({ signal }) => dataProvider.send<CategoryNode[]>(`${category.api}/tree`, { signal }),
  });
}
