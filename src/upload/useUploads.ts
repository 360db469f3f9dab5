import { useCallback, useEffect, useRef, useState } from 'react';
import { useLogoutIfAccessDenied, useNotify } from 'react-admin';
import type { UploadKind } from '../../schema/files';
import { isAbort, uploadFile, UploadRefused, type Uploaded } from './uploadFile';

export interface UploadInFlight {
  id: number;
  name: string;
  percent: number;
}

/**
 * Uploads of one kind in flight, with their progress, a cancel for each, and SPEC.md's messages:
 * 'Upload Successful', a refusal's own message, the server's message otherwise. Leaving the
 * screen cancels what is still going.
 */
export function useUploads(kind: UploadKind, onUploaded: (uploaded: Uploaded) => void) {
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [uploads, setUploads] = useState<UploadInFlight[]>([]);
  const controllers = useRef(new Map<number, AbortController>());
  const nextId = useRef(0);
  const latestOnUploaded = useRef(onUploaded);
  latestOnUploaded.current = onUploaded;

  useEffect(() => {
    const inFlight = controllers.current;
    return () => inFlight.forEach((controller) => controller.abort());
  }, []);

  const fail = useCallback(
    async (error: unknown) => {
      if (isAbort(error)) return;
      // A dead session (the token call's 401) signs out; the provider's own refusals never do.
      if (!(error instanceof UploadRefused) && (await logoutIfAccessDenied(error))) return;
      notify((error as Error).message || 'app.upload.failed', { type: 'error' });
    },
    [logoutIfAccessDenied, notify],
  );

  const start = useCallback(
    async (file: File) => {
      const id = (nextId.current += 1);
      const controller = new AbortController();
      controllers.current.set(id, controller);
      const progress = (percent: number) => setUploads((current) => current.map((upload) => (upload.id === id ? { ...upload, percent } : upload)));
      setUploads((current) => [...current, { id, name: file.name, percent: 0 }]);
      try {
        const uploaded = await uploadFile(kind, file, { signal: controller.signal, onProgress: progress });
        latestOnUploaded.current(uploaded);
        notify('app.upload.success', { type: 'success' });
      } catch (error) {
        await fail(error);
      } finally {
        controllers.current.delete(id);
        setUploads((current) => current.filter((upload) => upload.id !== id));
      }
    },
    [kind, notify, fail],
  );

  const cancel = useCallback((id: number) => controllers.current.get(id)?.abort(), []);

  return { uploads, start, cancel };
}
