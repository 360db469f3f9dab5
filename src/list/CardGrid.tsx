import { Box, Card, CardActions, CardContent, Checkbox, Link, Skeleton, Typography, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { RecordContextProvider, useListContext, useResourceContext, useTranslate, type RaRecord } from 'react-admin';
import { useDelayed } from '../useDelayed';
import { ClampedText, ColumnCell } from './ClampedText';
import { columnLabel, columnText, columnValue, type ListColumn } from './columns';

interface CardGridProps {
  title: ListColumn;
  lines: ListColumn[];
  onTitleClick(record: RaRecord): void;
  /** Where the title leads, when it opens a page rather than calling `onTitleClick`. */
  titleAddress?: (record: RaRecord) => string;
  actions(record: RaRecord): ReactNode;
  selectable: boolean;
  /** A picture above the card's title. */
  media?: (record: RaRecord) => ReactNode;
  /** How many lines the title shows before it is cut. */
  titleLines?: number;
}

/**
 * Four cards to a row, fewer where the list is too narrow for four of 13rem: the columns follow the
 * list's own width, not the window's, so a tablet with the side menu open gets one or two readable
 * cards rather than four slivers.
 */
const cardRows = {
  display: 'grid',
  gap: 2,
  p: 2,
  gridTemplateColumns: (theme: Theme) => `repeat(auto-fill, minmax(min(100%, max(13rem, (100% - ${theme.spacing(6)}) / 4)), 1fr))`,
};

/** The card view: four cards per row on a wide screen, each with its title, fields and actions. */
export function CardGrid({ title, lines, onTitleClick, titleAddress, actions, selectable, media, titleLines = 1 }: CardGridProps) {
  const translate = useTranslate();
  const resource = useResourceContext() ?? '';
  const { data, isPending, selectedIds, onToggleItem } = useListContext();
  const showSkeleton = useDelayed(isPending);

  if (isPending) {
    return showSkeleton ? (
      <Box sx={cardRows}>
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} variant="rounded" height={140} />
        ))}
      </Box>
    ) : null;
  }
  if (!data || data.length === 0) {
    return (
      <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
        {translate('app.list.empty')}
      </Typography>
    );
  }
  return (
    <Box sx={cardRows} data-testid="card-grid">
      {data.map((record) => (
        <RecordContextProvider key={record.id} value={record}>
          <Card variant="outlined" data-testid="record-card" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
            {media?.(record)}
            <CardContent sx={{ flex: 1 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
                {selectable && (
                  <Checkbox
                    size="small"
                    checked={selectedIds.includes(record.id)}
                    onChange={() => onToggleItem(record.id)}
                    slotProps={{ input: { 'aria-label': translate('app.list.select') } }}
                    sx={{ p: 0.5 }}
                  />
                )}
                <Link
                  {...(titleAddress ? { component: RouterLink, to: titleAddress(record) } : { component: 'button', onClick: () => onTitleClick(record) })}
                  variant="subtitle1"
                  underline="hover"
                  sx={{ textAlign: 'left', fontWeight: 600, minWidth: 0 }}
                >
                  <ColumnCell record={record} column={title} lines={titleLines} />
                </Link>
              </Box>
              {lines.map((line) => (
                <Typography key={line.source} variant="body2" component="div" sx={{ py: 0.25 }}>
                  <ClampedText title={columnText(record, line)}>
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      {translate(columnLabel(resource, line))}:{' '}
                    </Box>
                    {columnValue(record, line)}
                  </ClampedText>
                </Typography>
              ))}
            </CardContent>
            <CardActions sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>{actions(record)}</CardActions>
          </Card>
        </RecordContextProvider>
      ))}
    </Box>
  );
}
