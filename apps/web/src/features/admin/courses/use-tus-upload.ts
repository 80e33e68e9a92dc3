import { useEffect, useRef, useState } from 'react';
import { Upload } from 'tus-js-client';
import { KEYS, read } from '../../../lib/storage';

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number; resumed: boolean; offline: boolean }
  | { phase: 'done' }
  | { phase: 'failed'; reason: string };

/** The one error shape in a tus answer's body, else the library's words. */
function reasonOf(err: Error & { originalResponse?: { getBody(): string } | null }) {
  try {
    const body = err.originalResponse?.getBody();
    if (body) return (JSON.parse(body) as { message: string }).message;
  } catch {
    // not JSON: fall through
  }
  return err.message;
}

/**
 * A resumable upload of one episode's video (tus, tus-js-client): 8 MB requests, retried when the network
 * drops; the upload URL is kept in localStorage by the file's fingerprint, so a reload (or choosing the same
 * file again) goes on from where the server's offset says.
 */
export function useTusUpload(episodeId: string, onDone: () => void) {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const current = useRef<Upload | null>(null);
  useEffect(() => () => void current.current?.abort(), []);

  const start = (file: File) => {
    let offline = false;
    let resumed = false;
    const upload = new Upload(file, {
      endpoint: '/api/admin/uploads',
      chunkSize: 8 * 1024 * 1024,
      retryDelays: [0, 1000, 2000, 4000, 8000, 15000, 30000],
      metadata: { episodeId, filename: file.name },
      fingerprint: async (f: File) => ['rianroo-tus', episodeId, f.name, f.size, f.lastModified].join(':'),
      removeFingerprintOnSuccess: true,
      onBeforeRequest: (req) => req.setHeader('Authorization', `Bearer ${read(KEYS.token) ?? ''}`),
      onShouldRetry: (err) => {
        const status = err.originalResponse?.getStatus() ?? 0;
        offline = status === 0;
        setState((s) => (s.phase === 'uploading' ? { ...s, offline } : s));
        return status === 0 || status >= 500 || status === 409 || status === 423;
      },
      onProgress: (sent, total) =>
        setState({ phase: 'uploading', percent: Math.floor((100 * sent) / total), resumed, offline: false }),
      onSuccess: () => {
        setState({ phase: 'done' });
        onDone();
      },
      onError: (err) => setState({ phase: 'failed', reason: reasonOf(err) }),
    });
    current.current = upload;
    setState({ phase: 'uploading', percent: 0, resumed: false, offline: false });
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) {
        resumed = true;
        upload.resumeFromPreviousUpload(previous[0]);
      }
      upload.start();
    });
  };
  return { state, start };
}
