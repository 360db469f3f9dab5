import { Box, type SxProps, type Theme } from '@mui/material';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';

export interface DropAreaProps {
  onDrop: (accepted: File[], rejected: FileRejection[]) => void;
  multiple: boolean;
  /** The file input's own attributes: its id, what it accepts, its name. */
  input: InputHTMLAttributes<HTMLInputElement>;
  /** The area's look, while files are dragged over it or not. */
  sx: (dragging: boolean) => SxProps<Theme>;
  children: ReactNode;
}

/**
 * Where files are dropped or chosen (react-dropzone). A chunk of its own, which FileInput loads when
 * a form first shows a file field: react-dropzone and its table of file types are a sixth of what
 * the screens share, and no list uses them.
 */
export function DropArea({ onDrop, multiple, input, sx, children }: DropAreaProps) {
  const { getRootProps, getInputProps, isDragActive } = useDropzone({ onDrop, multiple });
  return (
    <Box {...getRootProps()} data-testid="dropzone" sx={sx(isDragActive)}>
      <input {...getInputProps(input)} />
      {children}
    </Box>
  );
}
