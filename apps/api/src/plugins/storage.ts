import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { S3Storage } from '../lib/s3.js';
import { LocalStorage, type Storage } from '../lib/storage.js';

export const storagePlugin = fp(
  async (app: FastifyInstance) => {
    const { s3 } = app.config;
    const storage: Storage = s3 ? new S3Storage(s3) : new LocalStorage(app.config.storageDir);
    app.decorate('storage', storage);
  },
  { name: 'storage' },
);
