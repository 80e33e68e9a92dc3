export {
  getWatched,
  useWatched,
  watchedQuery,
  WATCHED_DEFAULTS,
  type WatchedEpisodes,
} from '../../../lib/watched-episodes';
