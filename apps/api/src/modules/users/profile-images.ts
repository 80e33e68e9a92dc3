import { idParams, user } from '@rianroo/contract';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.js';
import { randomToken } from '../../lib/ids.js';
import type { UsersService } from './users.service.js';

const MAX_BYTES = 2 * 1024 * 1024;
const PREFIX = '/api/media/profile/';

/** Recognises the image by its first bytes; the Content-Type header alone is not trusted. */
export function imageKind(b: Buffer): 'png' | 'jpg' | 'webp' | undefined {
  if (b.length > 8 && b.readUInt32BE(0) === 0x89504e47) return 'png';
  if (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b.length > 12 && b.toString('ascii', 0, 4) === 'RIFF' && b.toString('ascii', 8, 12) === 'WEBP')
    return 'webp';
  return undefined;
}

const mime = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;

export const ProfileImages: FastifyPluginAsyncZod<{ service: UsersService }> = async (app, { service }) => {
  const dir = path.join(app.config.storageDir, 'profile');
  await fs.mkdir(dir, { recursive: true });
  app.addContentTypeParser(
    ['image/png', 'image/jpeg', 'image/webp'],
    { parseAs: 'buffer', bodyLimit: MAX_BYTES },
    (_req, body, done) => done(null, body),
  );

  app.post(
    '/users/:id/profile-image',
    {
      onRequest: app.authenticate,
      bodyLimit: MAX_BYTES,
      schema: {
        tags: ['users'],
        security: [{ bearerAuth: [] }],
        summary: 'Upload my profile photo (PNG, JPEG or WebP, at most 2 MB; raw body)',
        params: idParams,
        response: { 200: user },
      },
    },
    async (request) => {
      const body = request.body;
      const kind = Buffer.isBuffer(body) ? imageKind(body) : undefined;
      if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send a PNG, JPEG or WebP image');
      await service.get(request.auth, request.params.id); // ownership before writing anything
      const file = `${request.params.id}-${randomToken(9)}.${kind}`;
      await fs.writeFile(path.join(dir, file), body as Buffer);
      const { user: updated, previous } = await service.setProfileImage(
        request.auth,
        request.params.id,
        `${PREFIX}${file}`,
      );
      if (previous?.startsWith(PREFIX)) await fs.rm(path.join(dir, path.basename(previous)), { force: true });
      return updated;
    },
  );

  app.get(
    '/media/profile/:file',
    {
      schema: {
        tags: ['users'],
        summary: 'A profile photo',
        params: z.object({ file: z.string().regex(/^[0-9a-f-]{36}-[A-Za-z0-9_-]{12}\.(png|jpg|webp)$/) }),
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const full = path.join(dir, file);
      const stat = await fs.stat(full).catch(() => undefined);
      if (!stat) throw notFound('Image');
      const ext = file.split('.').pop() as keyof typeof mime;
      return reply
        .header('content-type', mime[ext])
        .header('content-length', stat.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(createReadStream(full));
    },
  );
};
