import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, Link, Typography } from '@mui/material';
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import {
  BulkActionsToolbar,
  ColumnsButton,
  DataTable,
  List,
  SearchInput,
  TopToolbar,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useResourceDefinition,
  useStore,
  useTranslate,
  type RaRecord,
  type SortPayload,
} from 'react-admin';
import { useCanAccessNow } from '../useCanAccessNow';
import { searchWord } from '../../schema/entity';
import { validationMessage } from '../../schema/validation';
import { actionAt } from '../AccessGuard';
import { firstPageStaleTime, type FirstPage } from '../firstPage';
import { useHandOverOnceDrawn } from '../firstScreen/handOver';
import { BulkDeleteRecordsButton, DeleteRecordButton } from './DeleteButtons';
import { CardGrid } from './CardGrid';
import { ColumnCell } from './ClampedText';
import { columnLabel, columnValue, type ListColumn } from './columns';
import { DetailDialog } from './DetailDialog';
import { ExportButton } from './ExportButton';
import { ListPagination, usePageSize } from './ListPagination';
import { useListView, ViewToggle } from './ViewToggle';

/** Where a record is created and edited: its own page (/x/create, /x/edit/1) or a modal over the list. */
export type FormMode = 'page' | 'modal';

export interface ModalFormProps {
  /** The record to edit; absent when creating. */
  record?: RaRecord;
  onClose(): void;
}

export interface ConsoleListProps {
  /** Every column, in order; the one named by `titleSource` opens the detail. */
  columns: ListColumn[];
  titleSource: string;
  /** What the detail modal shows; the columns by default. */
  detailFields?: ListColumn[];
  /** Filters beside the search box. */
  filters?: ReactElement[];
  /** The search box's parameter: `keyword` (series use `word`); false for a list that is filtered, not searched. */
  searchSource?: string | false;
  /** The order the list opens in: the resource's declared first page's (ConsoleResource.firstPage), else the newest first. */
  sort?: SortPayload;
  /** A first column with the row's number across pages. */
  showIndex?: boolean;
  formMode?: FormMode;
  /** The create/edit form shown in a modal when `formMode` is 'modal'. */
  ModalForm?: (props: ModalFormProps) => ReactNode;
  /** More actions for a record, after edit and delete. */
  recordActions?: (record: RaRecord) => ReactNode;
  /** A picture at the top of each card (a course's cover). */
  cardMedia?: (record: RaRecord) => ReactNode;
  /** Filter values a first visit starts with (transfer applications: the pending ones). */
  filterDefaultValues?: Record<string, unknown>;
  /** How many lines a card's title shows before it is cut: one by default. */
  cardTitleLines?: number;
  /** The record's own detail page, which its title opens instead of the detail modal (a series' /series/{id}/detail). */
  detailAddress?: (record: RaRecord) => string;
  /** Filters whose values a record created from the list starts with (carousels: the group shown). Create pages only. */
  createFrom?: string[];
  /** A view of the page shown, between the toolbar and the records (the enrolment statistic's chart). */
  pageSummary?: ReactNode;
}

/**
 * The server's rule for a searched word (its own schema and message), said under the search box as
 * it is typed: react-admin's filter form leaves the list's filter as it was while a field is
 * invalid, so the list keeps its records.
 */
function searchWordFits(value: unknown) {
  const checked = searchWord.safeParse(value ?? undefined);
  if (checked.success) return undefined;
  const { key, args } = validationMessage(checked.error.issues[0], value);
  return { message: key, args: args ?? {} };
}

const NEWEST_FIRST: SortPayload = { field: 'id', order: 'DESC' };

/** How narrow a table's text column may get before the table scrolls in its box. */
const CELL_MIN_WIDTH = '7em';

/** A record's place in the list, counted across pages (the table's index column). */
export function RowNumber() {
  const record = useRecordContext();
  const { data = [], page, perPage } = useListContext();
  return <>{(page - 1) * perPage + data.indexOf(record!) + 1}</>;
}

function ListHeading() {
  const translate = useTranslate();
  const resource = useResourceContext();
  return (
    <Typography variant="h5" component="h2" sx={{ mt: 2, mb: 1 }}>
      {translate(`resources.${resource}.name`, { smart_count: 2 })}
    </Typography>
  );
}

/**
 * Every list of the console: search, card or table view, page size and quick jump, refresh,
 * batch and single delete behind a confirmation, the detail modal, create and edit as a page or
 * a modal. Only what the signed-in user may do is offered.
 */
export function ConsoleList(props: ConsoleListProps) {
  const firstPage: FirstPage | undefined = useResourceDefinition().options?.firstPage;
  const { filters = [], searchSource = 'keyword', sort = firstPage?.sort ?? NEWEST_FIRST, filterDefaultValues = firstPage?.filter } = props;
  const [pageSize] = usePageSize();
  const notify = useNotify();
  const translate = useTranslate();
  const resource = useResourceContext();
  const { pathname } = useLocation();
  useSlashFocusesSearch(searchSource);
  // The list at its own address was let through by AccessGuard (the stored privileges) under Admin's
  // requireAuth (the session): react-admin asking both again, one after the other, held the page's
  // call back by two rounds of rendering. A list shown anywhere else keeps react-admin's checks.
  const alreadyChecked = pathname.split('/')[1] === resource && actionAt(pathname) === 'list';
  const search =
    searchSource === false
      ? []
      : [
          <SearchInput
            key="search"
            source={searchSource}
            alwaysOn
            validate={searchWordFits}
            // Named for itself, not by its placeholder alone: its error describes it too.
            slotProps={{ htmlInput: { 'aria-keyshortcuts': '/', 'aria-label': translate('ra.action.search') } }}
            // react-admin's filter form hides every helper text; an error is the one worth its line.
            sx={{ '& .MuiFormHelperText-root.Mui-error': { display: 'block' } }}
          />,
        ];
  return (
    <>
      <ListHeading />
      <List
        perPage={pageSize}
        sort={sort}
        storeKey={false}
        disableAuthentication={alreadyChecked}
        empty={false}
        title={false}
        filters={[...search, ...filters]}
        filterDefaultValues={filterDefaultValues}
        actions={false}
        pagination={<ListPagination />}
        // The list takes the width it is given, never the width of its longest text.
        sx={{ '& .RaList-main': { minWidth: 0 } }}
        queryOptions={{
          // The first page the shell asked for as the visit started is not asked for again (src/firstPage.ts).
          staleTime: firstPageStaleTime,
          onError: (error: Error & { status?: number }) => {
            // A 401 signs out with its own message.
            if (error?.status !== 401) notify(error?.message || 'app.list.load_failed', { type: 'error' });
          },
        }}
      >
        <ListContent {...props} />
      </List>
    </>
  );
}

/** `/` focuses the list's search box, as on GitHub, unless the key is typed into a field or a dialog is open. */
function useSlashFocusesSearch(searchSource: string | false) {
  useEffect(() => {
    if (searchSource === false) return;
    const focusSearch = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const target = event.target as HTMLElement;
      if (target.isContentEditable || target.closest('input, textarea, select, [role="dialog"]')) return;
      const searchBox = document.querySelector<HTMLInputElement>(`#main-content input[name="${searchSource}"]`);
      if (!searchBox) return;
      event.preventDefault();
      searchBox.focus();
    };
    document.addEventListener('keydown', focusSearch);
    return () => document.removeEventListener('keydown', focusSearch);
  }, [searchSource]);
}

function ListContent(props: ConsoleListProps) {
  const { columns, titleSource, detailFields, showIndex, formMode = 'page', ModalForm, recordActions, cardMedia, cardTitleLines, detailAddress, createFrom = [], pageSummary } = props;
  const translate = useTranslate();
  const resource = useResourceContext()!;
  const refresh = useRefresh();
  const { filterValues, isFetching, isPending } = useListContext();
  useHandOverOnceDrawn(isPending);
  const [view] = useListView();
  const [detail, setDetail] = useState<RaRecord>();
  const [modal, setModal] = useState<{ record?: RaRecord }>();
  const canCreate = useCanAccessNow({ resource, action: 'create' });
  const canEdit = useCanAccessNow({ resource, action: 'edit' });
  const canDelete = useCanAccessNow({ resource, action: 'delete' });
  // The columns the user hid or showed (the table's columns button), kept in the Store; cards follow them too.
  const columnsKey = `${resource}.datatable`;
  const [hiddenColumns] = useStore<string[]>(columnsKey, columns.filter((column) => column.hidden).map((column) => column.source));

  const titleColumn = columns.find((column) => column.source === titleSource)!;
  const openDetail = (record: RaRecord) => setDetail(record);
  const title: ListColumn = {
    ...titleColumn,
    render: (record) =>
      detailAddress ? (
        <Link component={RouterLink} to={detailAddress(record)} underline="hover">
          {columnValue(record, titleColumn)}
        </Link>
      ) : (
        <Link component="button" underline="hover" onClick={() => openDetail(record)} sx={{ textAlign: 'left' }}>
          {columnValue(record, titleColumn)}
        </Link>
      ),
  };

  /**
   * What opens the form: the modal over the list, or a link to /x/create and /x/edit/:id. A create
   * page starts with the `createFrom` filters' values, through react-admin's location state.
   */
  const startsWith = Object.fromEntries(createFrom.filter((name) => filterValues[name] !== undefined).map((name) => [name, filterValues[name]]));
  const opensForm = (record?: RaRecord): Record<string, unknown> =>
    formMode === 'modal'
      ? { onClick: () => setModal({ record }) }
      : record
        ? { component: RouterLink, to: `/${resource}/edit/${encodeURIComponent(String(record.id))}` }
        : { component: RouterLink, to: `/${resource}/create`, state: createFrom.length > 0 ? { record: startsWith } : undefined };

  const actions = (record: RaRecord) => (
    <>
      {canEdit && <EditRecordButton record={record} opens={opensForm(record)} />}
      {canDelete && <DeleteRecordButton />}
      {recordActions?.(record)}
    </>
  );

  return (
    <>
      {/* Where the buttons do not fit on one line (600 px with the side menu open) they wrap, where they overlapped. */}
      <TopToolbar sx={{ justifyContent: 'flex-start', gap: 1, minHeight: 'auto', pt: 0, flexWrap: 'wrap', '& .MuiButton-root': { flexShrink: 0, whiteSpace: 'nowrap' } }}>
        {canCreate && (
          <Button variant="contained" size="small" startIcon={<AddIcon />} {...opensForm()}>
            {translate('ra.action.create')}
          </Button>
        )}
        <Button size="small" startIcon={<RefreshIcon />} onClick={refresh}>
          {translate('app.list.refresh')}
        </Button>
        <ExportButton />
        <Box sx={{ flex: 1 }} />
        {view === 'table' && <ColumnsButton storeKey={columnsKey} />}
        <ViewToggle />
      </TopToolbar>
      {pageSummary}

      {/* Busy while an answer is on its way: assistive technology (and a test) waits for the records it asked for. */}
      <Box data-testid="list-results" aria-busy={isFetching} sx={{ minWidth: 0 }}>
        {view === 'table' ? (
          <DataTable
            storeKey={columnsKey}
            hiddenColumns={columns.filter((column) => column.hidden).map((column) => column.source)}
            rowClick={false}
            // A table wider than a narrow screen scrolls in its own box; the page and the toolbar stay put.
            sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}
            bulkActionButtons={canDelete ? <BulkDeleteRecordsButton /> : false}
            empty={<Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">{translate('app.list.empty')}</Typography>}
          >
            {showIndex && <DataTable.Col label={translate('app.list.index')} disableSort render={() => <RowNumber />} />}
            {columns.map((column) => {
              const shown = column.source === titleSource ? title : column;
              return (
                <DataTable.Col
                  key={column.source}
                  source={column.source}
                  label={translate(columnLabel(resource, column))}
                  disableSort={!column.sortable}
                  render={(record: RaRecord) => <ColumnCell record={record} column={shown} minWidth={CELL_MIN_WIDTH} />}
                />
              );
            })}
            <DataTable.Col label={translate('app.list.actions')} disableSort render={actions} sx={{ whiteSpace: 'nowrap' }} />
          </DataTable>
        ) : (
          <>
            {canDelete && (
              <BulkActionsToolbar>
                <BulkDeleteRecordsButton />
              </BulkActionsToolbar>
            )}
            <CardGrid
              title={titleColumn}
              lines={columns.filter((column) => column.source !== titleSource && !column.tableOnly && !hiddenColumns.includes(column.source))}
              onTitleClick={openDetail}
              titleAddress={detailAddress}
              actions={actions}
              media={cardMedia}
              titleLines={cardTitleLines}
              selectable={Boolean(canDelete)}
            />
          </>
        )}
      </Box>

      <DetailDialog record={detail} title={titleSource} fields={detailFields ?? columns} onClose={() => setDetail(undefined)} />
      {modal && ModalForm && <ModalForm record={modal.record} onClose={() => setModal(undefined)} />}
    </>
  );
}

/** The edit button of a record, when the resource allows editing that record (an abolished voucher: no). */
function EditRecordButton({ record, opens }: { record: RaRecord; opens: Record<string, unknown> }) {
  const translate = useTranslate();
  const canAccess = useCanAccessNow({ action: 'edit', record });
  if (!canAccess) return null;
  return (
    <Button size="small" startIcon={<EditIcon />} {...opens}>
      {translate('ra.action.edit')}
    </Button>
  );
}
