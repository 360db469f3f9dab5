import CancelIcon from '@mui/icons-material/Cancel';
import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  LinearProgress,
  Radio,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { ListBase, useListContext, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { ColumnCell } from '../list/ClampedText';
import { columnLabel, type ListColumn } from '../list/columns';
import { ListPagination } from '../list/ListPagination';
import type { PickerDefinition } from './definePicker';

export interface RecordPickerProps {
  picker: PickerDefinition;
  /** Checkboxes and chips (several records) rather than radios (one). */
  multiple?: boolean;
  /** What is chosen when it opens. */
  initial?: RaRecord[];
  /** The chosen records, in the order they were chosen; never called with none. */
  onConfirm(records: RaRecord[]): void;
  onClose(): void;
}

/** How long typing pauses before the search is sent. */
const SEARCH_DELAY_MS = 300;

const recordName = (record: RaRecord, picker: PickerDefinition) => String(record[picker.titleSource] ?? record.id);

/**
 * The one record picker: a modal 800 wide (the whole screen on a phone) with a search box, a page
 * of the resource's records read like its list, and radio or checkbox selection. With several,
 * what is chosen stays chosen across pages and searches and shows as removable chips above the
 * table. Confirming with nothing chosen says what to choose; cancel changes nothing.
 */
export function RecordPicker({ picker, multiple = false, initial = [], onConfirm, onClose }: RecordPickerProps) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [chosen, setChosen] = useState<Map<Identifier, RaRecord>>(() => new Map(initial.map((record) => [record.id, record])));
  const [missing, setMissing] = useState(false);

  const toggle = (record: RaRecord) => {
    setMissing(false);
    setChosen((current) => {
      if (!multiple) return new Map([[record.id, record]]);
      const next = new Map(current);
      if (next.has(record.id)) next.delete(record.id);
      else next.set(record.id, record);
      return next;
    });
  };
  const remove = (id: Identifier) =>
    setChosen((current) => {
      const next = new Map(current);
      next.delete(id);
      return next;
    });

  const confirm = () => {
    if (chosen.size === 0) setMissing(true);
    else onConfirm([...chosen.values()]);
  };

  const title = translate(`resources.${picker.resource}.picker.title`);
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth={false}
      aria-labelledby="picker-title"
      slotProps={{ paper: { sx: phone ? undefined : { maxWidth: 800 }, 'data-testid': 'record-picker' } as object }}
    >
      <DialogTitle id="picker-title">{title}</DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 1.5, sm: 3 } }}>
        {/* Its own list state: the page behind keeps its search, page and selection. */}
        <ListBase resource={picker.resource} sort={picker.sort} perPage={10} disableSyncWithLocation storeKey={false} disableAuthentication>
          <PickerSearch source={picker.searchSource} label={title} />
          {multiple && chosen.size > 0 && (
            <Stack direction="row" data-testid="picker-chosen" sx={{ flexWrap: 'wrap', gap: 1, my: 1 }} aria-label={translate('app.picker.chosen')}>
              {[...chosen.values()].map((record) => (
                <Chip
                  key={record.id}
                  size="small"
                  label={recordName(record, picker)}
                  onDelete={() => remove(record.id)}
                  deleteIcon={<CancelIcon titleAccess={translate('app.picker.remove', { name: recordName(record, picker) })} />}
                  sx={{ maxWidth: 1 }}
                />
              ))}
            </Stack>
          )}
          <PickerTable picker={picker} multiple={multiple} chosen={chosen} onToggle={toggle} />
          <ListPagination remember={false} />
        </ListBase>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {missing && (
          <Typography role="alert" color="error" variant="body2" sx={{ mr: 'auto', pl: 1 }}>
            {translate(`resources.${picker.resource}.picker.required`)}
          </Typography>
        )}
        <Button onClick={onClose}>{translate('app.form.cancel')}</Button>
        <Button variant="contained" onClick={confirm}>
          {translate('app.picker.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The search box: sends the resource's search parameter once typing pauses, from the first page. */
function PickerSearch({ source, label }: { source: string; label: string }) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const [word, setWord] = useState('');
  const sent = String(filterValues[source] ?? '');
  useEffect(() => {
    // Only a changed word searches again (and goes back to the first page).
    if (word.trim() === sent) return;
    const timer = setTimeout(() => setFilters(word.trim() ? { [source]: word.trim() } : {}, {}), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [word, sent, source, setFilters]);
  return (
    <TextField
      size="small"
      fullWidth
      value={word}
      onChange={(event) => setWord(event.target.value)}
      placeholder={translate('ra.action.search')}
      slotProps={{
        htmlInput: { 'aria-label': `${label}: ${translate('ra.action.search')}`, type: 'search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ mb: 1 }}
    />
  );
}

/** Out of sight, still read out (as MUI's `visuallyHidden`). */
const onlyForScreenReaders = { border: 0, clip: 'rect(0 0 0 0)', height: '1px', margin: '-1px', overflow: 'hidden', padding: 0, position: 'absolute', whiteSpace: 'nowrap', width: '1px' } as const;

interface PickerTableProps {
  picker: PickerDefinition;
  multiple: boolean;
  chosen: Map<Identifier, RaRecord>;
  onToggle(record: RaRecord): void;
}

/** A page of records, a radio or a checkbox on each; a click anywhere on the row chooses it. */
function PickerTable({ picker, multiple, chosen, onToggle }: PickerTableProps) {
  const translate = useTranslate();
  const { data = [], isFetching, isPending } = useListContext();
  const label = (column: ListColumn) => translate(columnLabel(picker.resource, column));
  const Select = multiple ? Checkbox : Radio;
  return (
    <Box sx={{ position: 'relative' }}>
      {isFetching && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="picker-table">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                {/* Named for screen readers, which announce the column of each row's radio or checkbox by it; the controls show it. */}
                <Box component="span" sx={onlyForScreenReaders}>
                  {translate('app.picker.chosen')}
                </Box>
              </TableCell>
              {picker.columns.map((column) => (
                <TableCell key={column.source}>{label(column)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((record) => {
              const selected = chosen.has(record.id);
              return (
                <TableRow key={record.id} hover selected={selected} onClick={() => onToggle(record)} sx={{ cursor: 'pointer' }}>
                  <TableCell padding="checkbox">
                    <Select
                      size="small"
                      checked={selected}
                      // The row's click chooses; the control only shows it (and is what a keyboard reaches).
                      onClick={(event) => event.stopPropagation()}
                      onChange={() => onToggle(record)}
                      slotProps={{ input: { 'aria-label': translate('app.picker.choose_record', { name: recordName(record, picker) }) } }}
                    />
                  </TableCell>
                  {picker.columns.map((column) => (
                    <TableCell key={column.source} sx={{ minWidth: '6em' }}>
                      <ColumnCell record={record} column={column} lines={2} />
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
            {!isPending && data.length === 0 && (
              <TableRow>
                <TableCell colSpan={picker.columns.length + 1} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
                  {translate('app.list.empty')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
