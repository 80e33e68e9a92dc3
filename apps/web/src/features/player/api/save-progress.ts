import type { progressBody } from '@rianroo/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api';

/** Spec section 3: the watch progress payload, and the ranges played since the last save (issue 15). */
export type ProgressPayload = Required<Omit<z.infer<typeof progressBody>, 'playedRanges'>> &
  Pick<z.infer<typeof progressBody>, 'playedRanges'>;

/** `POST /users/on-going-episode`; `keepalive` lets it outlive the page (sent on page hide). */
export const postProgress = (body: ProgressPayload, keepalive = false) =>
  api('POST /api/users/on-going-episode', { body, auth: true }, { keepalive });
