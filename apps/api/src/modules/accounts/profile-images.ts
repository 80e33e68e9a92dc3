import { PROFILE_IMAGE_FILE as FILE } from '@rianroo/contract';
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import { AppError, notFound } from '../../lib/errors.js';
import { randomToken } from '../../lib/ids.js';
import type { UsersService } from './users.service.js';

const MAX_BYTES = 2 * 1024 * 1024;
const PREFIX = '/api/media/profile/';
/** Photos live in the storage every process shares (a local folder, or S3 when configured). */
const keyOf = (file: string) => `profile/${file}`;

/** Recognises the image by its first bytes; the Content-Type header alone is not trusted. */
export function imageKind(b: Buffer): 'png' | 'jpg' | 'webp' | undefined {
  if (b.length > 8 && b.readUInt32BE(0) === 0x89504e47) return 'png';
  if (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b.length > 12 && b.toString('ascii', 0, 4) === 'RIFF' && b.toString('ascii', 8, 12) === 'WEBP')
    return 'webp';
  return undefined;
}

const mime = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;

/**
 * Photos uploaded while they were written to this host's disk (DATA_DIR/storage/profile, where the local
 * storage keeps `profile/…` anyway, so without S3 nothing moves) are put in the bucket once, at start, and
 * removed here. Should the bucket refuse, they stay and the next start tries again.
 */
async function moveLocalPhotosToBucket(app: FastifyInstance) {
  if (!app.config.s3) return;
  const dir = path.join(app.config.storageDir, 'profile');
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => FILE.test(f));
  let moved = 0;
  try {
    for (const file of files) {
      const full = path.join(dir, file);
      const bytes = await fs.readFile(full).catch(() => undefined); // another process here moved it
      if (!bytes) continue;
      await app.storage.put(keyOf(file), bytes);
      await fs.rm(full, { force: true });
      moved++;
    }
  } catch (err) {
    app.log.warn({ err, moved, left: files.length - moved }, 'profile photos not all moved to the bucket');
    return;
  }
  if (moved) app.log.info({ moved }, 'profile photos moved from the local disk to the bucket');
}

export const ProfileImages: FastifyPluginAsyncZod<{ service: UsersService }> = async (app, { service }) => {
  await moveLocalPhotosToBucket(app);
  app.addContentTypeParser(
    ['image/png', 'image/jpeg', 'image/webp'],
    { parseAs: 'buffer', bodyLimit: MAX_BYTES },
    (_req, body, done) => done(null, body),
  );

  app.route({
    ...endpoint(app, 'POST /api/users/:id/profile-image'),
    bodyLimit: MAX_BYTES,
    handler: async (request) => {
      const body = request.body;
      const kind = Buffer.isBuffer(body) ? imageKind(body) : undefined;
      if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send a PNG, JPEG or WebP image');
      await service.get(request.auth, request.params.id); // ownership before writing anything
      const file = `${request.params.id}-${randomToken(9)}.${kind}`;
      await app.storage.put(keyOf(file), body as Buffer);
      const { user: updated, previous } = await service.setProfileImage(
        request.auth,
        request.params.id,
        `${PREFIX}${file}`,
      );
      const old = previous?.startsWith(PREFIX) ? previous.slice(PREFIX.length) : undefined;
      if (old && FILE.test(old)) await app.storage.removePrefix(keyOf(old));
      return updated;
    },
  });

  app.route({
    ...endpoint(app, 'GET /api/media/profile/:file'),
    handler: async (request, reply) => {
      const { file } = request.params;
      const stat = await app.storage.stat(keyOf(file));
      if (!stat) throw notFound('Image');
      const ext = file.split('.').pop() as keyof typeof mime;
      return reply
        .header('content-type', mime[ext])
        .header('content-length', stat.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(await app.storage.read(keyOf(file)));
    },
  });
};
