import type { progressBody } from '@rianroo/contract';
import type { z } from 'zod';
import { call } from '../../../lib/session';

/** Spec section 3: the watch progress payload, and the ranges played since the last save (issue 15). */
export type ProgressPayload = Required<Omit<z.infer<typeof progressBody>, 'playedRanges'>> &
  Pick<z.infer<typeof progressBody>, 'playedRanges'>;

/** `POST /users/on-going-episode`; `keepalive` lets it outlive the page (sent on page hide). */
export const postProgress = (body: ProgressPayload, keepalive = false) =>
  call<unknown>('/users/on-going-episode', { auth: true, body, keepalive });
