import type { InputHTMLAttributes, ReactNode } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { DropFrame } from './DropFrame';

export interface DropAreaProps {
  onDrop: (accepted: File[], rejected: FileRejection[]) => void;
  multiple: boolean;
  /** The file input's own attributes: its id, what it accepts, its name. */
  input: InputHTMLAttributes<HTMLInputElement>;
  invalid: boolean;
  children: ReactNode;
}

/**
 * Where files are dropped or chosen (react-dropzone). A chunk of its own, which FileInput loads when
 * a form first shows a file field: react-dropzone and its table of file types are a sixth of what
 * the screens share, and no list uses them.
 */
export function DropArea({ onDrop, multiple, input, invalid, children }: DropAreaProps) {
  const { getRootProps, getInputProps, isDragActive } = useDropzone({ onDrop, multiple });
  return (
    <DropFrame {...getRootProps()} invalid={invalid} dragging={isDragActive}>
      <input {...getInputProps(input)} />
      {children}
    </DropFrame>
  );
}
