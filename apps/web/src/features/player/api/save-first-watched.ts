import { call } from '../../../lib/session';

/** `POST /users/save-first-watched` with the spec's first-watch payload. */
export const postFirstWatched = (courseId: string, episodeId: string) =>
  call<unknown>('/users/save-first-watched', {
    auth: true,
    body: { course_id: courseId, episode_id: episodeId },
  });
