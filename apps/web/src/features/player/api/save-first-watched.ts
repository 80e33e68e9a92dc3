import { api } from '../../../lib/api';

/** `POST /users/save-first-watched` with the spec's first-watch payload. */
export const postFirstWatched = (courseId: string, episodeId: string) =>
  api('POST /api/users/save-first-watched', {
    body: { course_id: courseId, episode_id: episodeId },
    auth: true,
  });
