import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import type { RaRecord } from 'react-admin';
import { columnText, type ListColumn } from './columns';

interface ClampOptions {
  /** At most this many lines, the last ending in an ellipsis. */
  lines?: number;
  /** Keeps ordinary words whole where the space is tight (a table's column is never narrower). */
  minWidth?: string;
}

/**
 * Text in a list: it wraps anywhere (an unbroken 500-character word too, so it never widens the
 * page), shows at most a few lines, and the whole of `title` on hover.
 */
export function ClampedText({ title, lines = 3, minWidth, children }: ClampOptions & { title: string; children?: ReactNode }) {
  return (
    <Box
      component="span"
      title={title}
      sx={{ display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: lines, overflow: 'hidden', overflowWrap: 'anywhere', minWidth }}
    >
      {children ?? title}
    </Box>
  );
}

/** A column's value in a list, clamped: what its renderer draws (or its text), the whole text on hover. */
export function ColumnCell({ record, column, ...options }: ClampOptions & { record: RaRecord; column: ListColumn }) {
  return (
    <ClampedText title={columnText(record, column)} {...options}>
      {column.render?.(record)}
    </ClampedText>
  );
}
