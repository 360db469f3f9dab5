import { Box, MenuItem, Pagination, Select, TextField, Typography, Button } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useListContext, useStore, useTranslate } from 'react-admin';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../schema/screenChoices';
import { storageKeys } from '../storage';

/** The list's page size, remembered across lists and reloads under `pageSize`. */
export const usePageSize = () => useStore<number>(storageKeys.pageSize, DEFAULT_PAGE_SIZE);

/**
 * 'Show: a-b, Total n', the pages, the page size and a quick jump to any page. A page size chosen
 * here is remembered for every list, unless `remember` is false (a picker's table).
 */
export function ListPagination({ remember = true }: { remember?: boolean }) {
  const translate = useTranslate();
  const { page, perPage, total = 0, setPage, setPerPage, isPending } = useListContext();
  const [, setPageSize] = usePageSize();
  const [target, setTarget] = useState('');
  const pages = Math.max(1, Math.ceil(total / perPage));
  const begin = total === 0 ? 0 : (page - 1) * perPage + 1;
  const end = Math.min(page * perPage, total);

  const jump = (event: FormEvent) => {
    event.preventDefault();
    const wanted = Number.parseInt(target, 10);
    if (Number.isFinite(wanted)) setPage(Math.min(pages, Math.max(1, wanted)));
    setTarget('');
  };

  if (isPending && total === 0) return null;
  return (
    <Box
      data-testid="list-pagination"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 2, px: 2, py: 1.5 }}
    >
      <Typography variant="body2" data-testid="list-range">
        {translate('app.list.range', { begin, end, total })}
      </Typography>
      <Pagination count={pages} page={Math.min(page, pages)} onChange={(_, value) => setPage(value)} size="small" shape="rounded" />
      <Select
        size="small"
        variant="outlined"
        value={perPage}
        inputProps={{ 'aria-label': translate('app.list.page_size', { size: perPage }) }}
        onChange={(event) => {
          const size = Number(event.target.value);
          if (remember) setPageSize(size);
          setPerPage(size);
        }}
      >
        {PAGE_SIZES.map((size) => (
          <MenuItem key={size} value={size}>
            {translate('app.list.page_size', { size })}
          </MenuItem>
        ))}
      </Select>
      <Box component="form" onSubmit={jump} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {/* Held at their own width: inside a narrow dialog the field would otherwise take the row and squeeze the words letter by letter. */}
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {translate('app.list.jump_to')}
        </Typography>
        <Box sx={{ width: 64, flex: 'none' }}>
          <TextField
            size="small"
            variant="outlined"
            fullWidth
            value={target}
            onChange={(event) => setTarget(event.target.value.replace(/\D/g, ''))}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': translate('app.list.jump_to') } }}
          />
        </Box>
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {translate('app.list.page')}
        </Typography>
        <Button type="submit" size="small" variant="outlined">
          {translate('app.list.jump')}
        </Button>
      </Box>
    </Box>
  );
}
