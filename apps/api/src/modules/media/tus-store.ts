import type { ErrorCode } from '@rianroo/contract';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/server';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import type { Config } from '../../config.js';
import { HEAD_BYTES, videoContainer } from '../../lib/file-types.js';

/** A refusal tus answers with the given status and body (the one error shape, as JSON). */
export class TusRefusal extends Error {
  readonly body: string;
  constructor(
    readonly status_code: number,
    code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.body = JSON.stringify({ statusCode: status_code, code, message });
  }
}

export const notAVideo = () =>
  new TusRefusal(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    'This file is not a video (MP4, MOV, WebM, MKV, AVI, MPEG or FLV); its first bytes say otherwise',
  );

/** Holds back the first bytes of an upload until they show a video container; refuses anything else. */
class VideoHeadCheck extends Transform {
  private head: Buffer[] = [];
  private size = 0;
  private decided = false;
  refused = false;

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    if (this.decided) return done(null, chunk);
    this.head.push(chunk);
    this.size += chunk.length;
    if (this.size < HEAD_BYTES) return done();
    this.decided = true;
    const all = Buffer.concat(this.head);
    this.head = [];
    if (videoContainer(all)) return done(null, all);
    this.refused = true;
    done(notAVideo());
  }

  // Fewer bytes than the check needs in the first request: let them in; the finished file is checked again.
  override _flush(done: TransformCallback) {
    done(null, this.head.length ? Buffer.concat(this.head) : undefined);
  }
}

/**
 * Wraps a store so that the bytes at offset 0 are checked before any is written. A refused upload is
 * removed (it cannot be resumed) and the refusal answered, not the store's own write error.
 */
function checkingVideoHead<T extends DataStore>(store: T): T {
  const write = store.write.bind(store);
  store.write = async (readable: Readable, id: string, offset: number) => {
    if (offset > 0) return write(readable, id, offset);
    const checked = new VideoHeadCheck();
    readable.on('error', (err) => checked.destroy(err));
    try {
      return await write(readable.pipe(checked), id, offset);
    } catch (err) {
      if (!checked.refused) throw err;
      readable.resume(); // drain what the client still sends, so it reads the answer
      await store.remove(id).catch(() => {});
      throw notAVideo();
    }
  };
  return store;
}

/**
 * Where tus keeps uploads: ids are storage keys (`uploads/<hex>`), so a finished upload is already the
 * object the transcoder reads. Local disk: a file under the storage folder. S3: a multipart upload.
 */
export async function tusStore(config: Config): Promise<DataStore> {
  if (!config.s3) return checkingVideoHead(new FileStore({ directory: config.storageDir }));
  const { S3Store } = await import('@tus/s3-store');
  const s3 = config.s3;
  return checkingVideoHead(
    new S3Store({
      partSize: 8 * 1024 * 1024,
      s3ClientConfig: {
        bucket: s3.bucket,
        region: s3.region,
        endpoint: s3.endpoint,
        forcePathStyle: true,
        // Checksums only where S3 requires them: the SDK's default (since 2025) sends every part as
        // `aws-chunked` with a trailing checksum, which S3-compatible stores without that extension (older
        // MinIO, s3rver, several CDNs' buckets) keep verbatim, framing and all: the video is then corrupt.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      },
    }),
  );
}

export const uploadKey = (hex: string) => path.posix.join('uploads', hex);
