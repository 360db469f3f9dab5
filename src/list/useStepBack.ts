import { useListContext } from 'react-admin';

/** After deleting `count` records of this page: a page left empty steps back one page. */
export function useStepBack() {
  const { data = [], page, setPage } = useListContext();
  return (count: number) => {
    if (page > 1 && count >= data.length) setPage(page - 1);
  };
}
