import { CreateBase, useGetOne, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { category } from '../../schema/category';
import { CategoryForm, parentIdOf, useSaveFeedback } from './CategoryForm';

/** /course_category/create?parent_id=...: a top-level category, or (parent_id > 0) a subcategory of that one. */
export function CategoryCreate() {
  const translate = useTranslate();
  const parentId = parentIdOf(useLocation().search);
  const { data: parent } = useGetOne(category.resource, { id: parentId }, { enabled: parentId > 0 });
  const feedback = useSaveFeedback('app.notification.created');
  const heading =
    parentId > 0
      ? translate(`resources.${category.resource}.page.create_child`, { parent: parent?.title ?? '…' })
      : translate(`resources.${category.resource}.page.create`);
  return (
    <CreateBase resource={category.resource} redirect={false} mutationOptions={feedback}>
      <CategoryForm heading={heading} defaultValues={{ parent_id: parentId }} />
    </CreateBase>
  );
}
