import ClassIcon from '@mui/icons-material/Class';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { Button } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { course } from '../../schema/course';
import { cardCover } from '../../src/list/CardCover';
import type { ListColumn } from '../../src/list/columns';
import { ConsoleList } from '../../src/list/ConsoleList';
import { entityColumns } from '../../src/list/entityColumns';
import { CategorySelectInput } from '../categories/CategorySelectInput';
import { usePriceColumn } from './coursePrice';

const filters = [<CategorySelectInput key="categoryId" source="categoryId" alwaysOn hiddenLabel helperText={false} />];
const chaptersAddress = (record: RaRecord) => `/${course.resource}/${encodeURIComponent(String(record.id))}/chapter`;

const courseCover = cardCover(ClassIcon);

/**
 * /course, the first screen an operator sees: number, title (opens every detail), category, price,
 * a category filter that takes a top-level category's subcategories too, cards with the cover,
 * 'chapter management' and 'edit' on each course.
 */
export function CourseList() {
  const translate = useTranslate();
  const price = usePriceColumn();
  const columns: ListColumn[] = [...entityColumns(course, 'list', ['title', 'category_id']), price];
  const detailFields = entityColumns(course, 'detail', course.names).map((field) => (field.source === 'price' ? price : field));
  const manageChapters = (record: RaRecord) => (
    <Button size="small" startIcon={<ListAltIcon />} component={RouterLink} to={chaptersAddress(record)}>
      {translate('resources.course.action.chapters')}
    </Button>
  );
  return (
    <ConsoleList
      columns={columns}
      titleSource={course.titleField}
      detailFields={detailFields}
      searchSource={course.searchParam}
      filters={filters}
      showIndex
      recordActions={manageChapters}
      cardMedia={courseCover}
      // Course titles are long and say what the course is: two lines before the cut.
      cardTitleLines={2}
    />
  );
}
