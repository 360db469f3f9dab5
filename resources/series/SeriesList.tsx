import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { Button } from '@mui/material';
import { SelectInput, useTranslate, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { series } from '../../schema/series';
import { formatDateTime } from '../../src/fields/format';
import { cardCover } from '../../src/list/CardCover';
import type { ListColumn } from '../../src/list/columns';
import { ConsoleList } from '../../src/list/ConsoleList';
import { entityColumns } from '../../src/list/entityColumns';
import { CategorySelectInput } from '../categories/CategorySelectInput';
import { usePriceColumn } from '../courses/coursePrice';
import { seriesAddresses } from './seriesAddresses';
import { PublishSwitch, statusKey } from './PublishSwitch';

const statusChoices = [
  { id: 'true', name: `resources.${series.resource}.status.published` },
  { id: 'false', name: `resources.${series.resource}.status.unpublished` },
];
const filters = [
  <CategorySelectInput key="categoryId" source="categoryId" alwaysOn hiddenLabel helperText={false} />,
  <SelectInput key="available" source="available" choices={statusChoices} alwaysOn helperText={false} />,
];
const seriesCover = cardCover(LibraryBooksIcon);

/** The category as its path, top-level first ("Programming / Web development"). */
const categoryColumn: ListColumn = { source: 'category_names', text: (record) => String(record.category_names || '—') };
const createdColumn: ListColumn = { source: 'create_at', text: (record) => (typeof record.create_at === 'number' ? formatDateTime(record.create_at) : '—') };

/**
 * /series: cards with the cover (or a table), title (opens /series/{id}/detail), category, price,
 * the publish switch and the creation time; search by title (`word`), filter by category (a
 * top-level one takes in its subcategories) and by state; course management, edit and delete.
 */
export function SeriesList() {
  const translate = useTranslate();
  const price = usePriceColumn();
  const status: ListColumn = { source: 'available', render: (record) => <PublishSwitch record={record} />, text: (record) => translate(statusKey(record)) };
  const columns: ListColumn[] = [...entityColumns(series, 'list', ['title']), categoryColumn, price, status, createdColumn];
  const manageCourses = (record: RaRecord) => (
    <Button size="small" startIcon={<ListAltIcon />} component={RouterLink} to={seriesAddresses.courses(record.id)}>
      {translate(`resources.${series.resource}.action.courses`)}
    </Button>
  );
  return (
    <ConsoleList
      columns={columns}
      titleSource={series.titleField}
      searchSource={series.searchParam}
      filters={filters}
      showIndex
      recordActions={manageCourses}
      cardMedia={seriesCover}
      cardTitleLines={2}
      detailAddress={(record) => seriesAddresses.detail(record.id)}
    />
  );
}
