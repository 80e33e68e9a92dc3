import aws4 from 'aws4';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import type { ByteRange, Storage } from './storage.js';
import { assertKey } from './storage.js';

export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * S3-compatible storage (AWS S3, Cloudflare R2, MinIO, ...) over plain HTTPS with Signature V4,
 * path-style addressing (`<endpoint>/<bucket>/<key>`), which every S3-compatible service accepts.
 */
export class S3Storage implements Storage {
  private readonly base: URL;

  constructor(private readonly s: S3Settings) {
    this.base = new URL(s.endpoint);
  }

  private async call(
    method: string,
    key: string,
    opts: { body?: Buffer; headers?: Record<string, string>; query?: string } = {},
  ): Promise<Response> {
    const encodedKey = key
      .split('/')
      .map((p) => encodeURIComponent(p))
      .join('/');
    const pathPart = `${this.base.pathname.replace(/\/$/, '')}/${this.s.bucket}${key ? `/${encodedKey}` : ''}`;
    const request: aws4.Request = {
      host: this.base.host,
      method,
      path: `${pathPart}${opts.query ? `?${opts.query}` : ''}`,
      service: 's3',
      region: this.s.region,
      headers: { ...opts.headers },
      body: opts.body,
    };
    if (opts.body) request.headers!['content-length'] = String(opts.body.length);
    aws4.sign(request, { accessKeyId: this.s.accessKeyId, secretAccessKey: this.s.secretAccessKey });
    const headers = Object.fromEntries(
      Object.entries(request.headers ?? {})
        .filter(([name]) => name.toLowerCase() !== 'host' && name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    return fetch(`${this.base.protocol}//${this.base.host}${request.path}`, {
      method,
      headers,
      body: opts.body ? new Uint8Array(opts.body) : undefined,
    });
  }

  private async ok(res: Response, what: string) {
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      throw new Error(`S3 ${what} failed: ${res.status} ${text.slice(0, 200)}`);
    }
    return res;
  }

  async put(key: string, body: Buffer | string) {
    const buf = typeof body === 'string' ? Buffer.from(body) : body;
    await this.ok(await this.call('PUT', assertKey(key), { body: buf }), `PUT ${key}`);
  }

  async putFile(key: string, file: string) {
    await this.put(key, await fs.readFile(file));
  }

  async stat(key: string) {
    const res = await this.call('HEAD', assertKey(key));
    if (res.status === 404) return undefined;
    await this.ok(res, `HEAD ${key}`);
    const modified = res.headers.get('last-modified');
    return {
      size: Number(res.headers.get('content-length') ?? 0),
      modified: modified ? new Date(modified) : new Date(0),
    };
  }

  async read(key: string, range?: ByteRange) {
    const headers: Record<string, string> = range ? { range: `bytes=${range.start}-${range.end}` } : {};
    const res = await this.ok(await this.call('GET', assertKey(key), { headers }), `GET ${key}`);
    return Readable.fromWeb(res.body as ReadableStream);
  }

  async readAll(key: string) {
    const res = await this.call('GET', assertKey(key));
    if (res.status === 404) return undefined;
    await this.ok(res, `GET ${key}`);
    return Buffer.from(await res.arrayBuffer());
  }

  async removePrefix(prefix: string) {
    assertKey(prefix);
    for (;;) {
      const query = `list-type=2&prefix=${encodeURIComponent(prefix)}`;
      const res = await this.ok(await this.call('GET', '', { query }), `LIST ${prefix}`);
      const xml = await res.text();
      const keys = [...xml.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => unescapeXml(m[1]!));
      if (!keys.length) return;
      for (const key of keys) {
        const del = await this.call('DELETE', key);
        if (del.status !== 404) await this.ok(del, `DELETE ${key}`);
      }
    }
  }
}

function unescapeXml(s: string) {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}
