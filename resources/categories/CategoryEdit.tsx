import { EditBase, useNotify, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import { category } from '../../schema/category';
import { CategoryForm, useSaveFeedback } from './CategoryForm';

function EditHeading() {
  const translate = useTranslate();
  const record = useRecordContext();
  return <>{translate(`resources.${category.resource}.page.edit`, { title: record?.title ?? '…' })}</>;
}

/**
 * /course_category/{id}/edit?parent_id=...: the title of a category. It stays under the parent the
 * server knows; the address's parent_id only says where the link came from.
 */
export function CategoryEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  const feedback = useSaveFeedback('app.notification.updated');
  // A category that cannot be loaded (deleted meanwhile, a mistyped id): say why, back to the tree.
  const loadFailed = {
    onError: (error: Error) => {
      notify(error?.message || 'ra.notification.item_doesnt_exist', { type: 'error' });
      redirect('list', category.resource);
    },
  };
  return (
    <EditBase resource={category.resource} redirect={false} mutationMode="pessimistic" mutationOptions={feedback} queryOptions={loadFailed}>
      <CategoryForm heading={<EditHeading />} />
    </EditBase>
  );
}
