import type { progressBody } from '@rianroo/contract';
import type { z } from 'zod';
import { call } from '../../../lib/session';

/** Spec section 3: the watch progress payload. */
export type ProgressPayload = Required<z.infer<typeof progressBody>>;

/** `POST /users/on-going-episode`; `keepalive` lets it outlive the page (sent on page hide). */
export const postProgress = (body: ProgressPayload, keepalive = false) =>
  call<unknown>('/users/on-going-episode', { auth: true, body, keepalive });
