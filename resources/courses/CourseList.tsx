import ClassIcon from '@mui/icons-material/Class';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { Box, Button } from '@mui/material';
import { useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { course } from '../../schema/course';
import { fileUrl } from '../../src/upload/uploadFile';
import type { ListColumn } from '../../src/list/columns';
import { ConsoleList } from '../../src/list/ConsoleList';
import { entityColumns } from '../../src/resource';
import { CategorySelectInput } from '../categories/CategorySelectInput';
import { coursePrice } from './coursePrice';

const sort = { field: course.defaultSort.field, order: 'DESC' as const };
const filters = [<CategorySelectInput key="categoryId" source="categoryId" alwaysOn hiddenLabel helperText={false} />];
const chaptersAddress = (record: RaRecord) => `/${course.resource}/${encodeURIComponent(String(record.id))}/chapter`;

/** The price column: 'free' for 0 or none, otherwise money in the user's locale. */
function usePriceColumn(): ListColumn {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const shown = (record: RaRecord) => coursePrice(record.price, locale, translate('resources.course.free'));
  return { source: 'price', sortable: true, render: shown, text: shown };
}

/** The cover on top of a card, or a quiet placeholder of the same size, so the cards line up. */
function courseCover(record: RaRecord) {
  const cover = typeof record.cover === 'string' && record.cover ? record.cover : undefined;
  return (
    <Box sx={{ aspectRatio: '16 / 9', bgcolor: 'action.hover', display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }}>
      {cover ? (
        <Box component="img" src={fileUrl(cover)} alt="" loading="lazy" sx={{ width: 1, height: 1, objectFit: 'cover' }} />
      ) : (
        <ClassIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
      )}
    </Box>
  );
}

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
      sort={sort}
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
