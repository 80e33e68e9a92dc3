import type { WatchedAnswer } from '@rianroo/contract';
import { call } from '../../../lib/session';

/** `POST /users/watched-episode`: sent when the video ends; the server marks it watched only at 90% played. */
export const markWatched = (courseId: string, episodeId: string) =>
  call<WatchedAnswer>('/users/watched-episode', {
    auth: true,
    body: { course_id: courseId, episode_id: episodeId },
  });
