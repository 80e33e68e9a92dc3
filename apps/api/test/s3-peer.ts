import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { freePort } from '../src/lib/net.js';

/**
 * An S3-protocol peer on 127.0.0.1: s3rver (Signature V4 checked, objects and multipart uploads on disk),
 * with the one call resumable uploads need that s3rver lacks, ListParts (`GET /bucket/key?uploadId=…`),
 * answered in front of it from the parts s3rver stored. Everything else goes to s3rver byte for byte, Host
 * header included, so its signature check sees what the client signed.
 */
export interface S3Peer {
  /** The front: S3 with ListParts. */
  endpoint: string;
  /** s3rver itself, without ListParts. */
  bareEndpoint: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  close(): Promise<void>;
}

const xml = (s: string | number) => String(s).replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The folder where s3rver keeps the parts of one multipart upload (under `<bucket>/._S3rver_uploads/`). */
async function uploadDir(root: string, bucket: string, uploadId: string) {
  const dir = path.join(root, bucket, '._S3rver_uploads', uploadId);
  return (await stat(dir).catch(() => undefined))?.isDirectory() ? dir : undefined;
}

async function listParts(root: string, bucket: string, key: string, url: URL) {
  const uploadId = url.searchParams.get('uploadId') ?? '';
  const dir = await uploadDir(root, bucket, uploadId);
  if (!dir) {
    return {
      status: 404,
      body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${xml(uploadId)}</UploadId></Error>`,
    };
  }
  const marker = Number(url.searchParams.get('part-number-marker') ?? 0);
  const max = Math.min(1000, Number(url.searchParams.get('max-parts') ?? 1000));
  const numbers = (await readdir(dir))
    .filter((f) => /^\d+$/.test(f))
    .map(Number)
    .filter((n) => n > marker)
    .sort((a, b) => a - b);
  const shown = numbers.slice(0, max);
  const parts = await Promise.all(
    shown.map(async (n) => {
      const [s, md5] = await Promise.all([
        stat(path.join(dir, String(n))),
        readFile(path.join(dir, `${n}.md5`), 'utf8'),
      ]);
      return `<Part><PartNumber>${n}</PartNumber><LastModified>${s.mtime.toISOString()}</LastModified><ETag>&quot;${xml(md5)}&quot;</ETag><Size>${s.size}</Size></Part>`;
    }),
  );
  const truncated = numbers.length > shown.length;
  return {
    status: 200,
    body:
      `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
      `<Bucket>${xml(bucket)}</Bucket><Key>${xml(key)}</Key><UploadId>${xml(uploadId)}</UploadId>` +
      `<PartNumberMarker>${marker}</PartNumberMarker>` +
      `<NextPartNumberMarker>${shown.at(-1) ?? marker}</NextPartNumberMarker>` +
      `<MaxParts>${max}</MaxParts><IsTruncated>${truncated}</IsTruncated>${parts.join('')}</ListPartsResult>`,
  };
}

export async function startS3Peer(bucket = 'media'): Promise<S3Peer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rianroo-s3-'));
  const barePort = await freePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port: barePort,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  await server.run();

  const front = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    const [, b, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (req.method === 'GET' && b && key && url.searchParams.has('uploadId')) {
      req.resume();
      listParts(dir, decodeURIComponent(b), key, url).then(
        ({ status, body }) => res.writeHead(status, { 'content-type': 'application/xml' }).end(body),
        () => res.writeHead(500).end(),
      );
      return;
    }
    const out = http.request(
      { host: '127.0.0.1', port: barePort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.on('aborted', () => out.destroy());
    req.pipe(out);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => front.listen(port, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bareEndpoint: `http://127.0.0.1:${barePort}`,
    bucket,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    async close() {
      front.closeAllConnections();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
