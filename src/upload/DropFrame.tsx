import { Box, type BoxProps } from '@mui/material';

/**
 * The dashed area a file input's files are dropped on: live in DropArea, and as it stands while
 * DropArea's chunk loads (FileInput).
 */
export function DropFrame({ invalid, dragging = false, ...props }: BoxProps & { invalid: boolean; dragging?: boolean }) {
  return (
    <Box
      data-testid="dropzone"
      {...props}
      sx={{
        p: 2,
        border: 1,
        borderStyle: 'dashed',
        borderRadius: 1,
        borderColor: invalid ? 'error.main' : dragging ? 'primary.main' : 'divider',
        bgcolor: dragging ? 'action.hover' : undefined,
        cursor: 'pointer',
        textAlign: 'center',
      }}
    />
  );
}
