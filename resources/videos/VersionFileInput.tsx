import { TextInput } from 'react-admin';

/**
 * The version's file. A typed-in key until the upload input (src/upload/FileInput.tsx, `kind='video'`)
 * lands: this is the one place to swap.
 */
export function VersionFileInput({ source }: { source: string }) {
  return <TextInput source={source} isRequired fullWidth slotProps={{ htmlInput: { maxLength: 255 } }} />;
}
