import { api } from '../../../lib/api';

/** `POST /users/watched-episode`: sent when the video ends; the server marks it watched only at 90% played. */
export const markWatched = (courseId: string, episodeId: string) =>
  api('POST /api/users/watched-episode', {
    body: { course_id: courseId, episode_id: episodeId },
    auth: true,
  });
