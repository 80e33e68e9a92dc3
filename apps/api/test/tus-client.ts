import http from 'node:http';

/** A raw tus 1.0 client over HTTP, so the tests speak the protocol itself. */
export function tusClient(base: string, token: string) {
  const headers = (extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${token}`,
    'tus-resumable': '1.0.0',
    ...extra,
  });
  const meta = (m: Record<string, string>) =>
    Object.entries(m)
      .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
      .join(',');
  return {
    create: (size: number, metadata: Record<string, string>) =>
      fetch(`${base}/api/admin/uploads`, {
        method: 'POST',
        headers: headers({
          'upload-length': String(size),
          ...(Object.keys(metadata).length ? { 'upload-metadata': meta(metadata) } : {}),
        }),
      }),
    head: (url: string) => fetch(new URL(url, base), { method: 'HEAD', headers: headers() }),
    patch: (url: string, offset: number, body: Buffer) =>
      fetch(new URL(url, base), {
        method: 'PATCH',
        headers: headers({
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        }),
        body,
      }),
    /**
     * A PATCH whose connection drops after `sent` of the declared bytes have gone out: resolves once the
     * socket is closed (the server then keeps what it received).
     */
    patchDropped: (url: string, offset: number, declared: Buffer, sent: number) =>
      new Promise<void>((resolve) => {
        const req = http.request(new URL(url, base), {
          method: 'PATCH',
          headers: headers({
            'upload-offset': String(offset),
            'content-type': 'application/offset+octet-stream',
            'content-length': String(declared.length),
          }),
        });
        req.on('error', () => {});
        req.on('close', () => resolve());
        req.write(declared.subarray(0, sent), () => req.destroy());
      }),
  };
}
