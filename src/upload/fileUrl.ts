import { addressOf } from '../config';

/** Where a stored file is served: the file host plus its key. */
export const fileUrl = (key: string) => addressOf(`/files/${key.split('/').map(encodeURIComponent).join('/')}`);
