import type { AssessmentSummary } from '@rianroo/contract';
import type { EpisodeList } from '../api/episodes';
import type { OngoingItem } from '../api/ongoing';
import { preTestSkipped } from '../../../lib/pre-test-skip';

/** What an ended episode offers first. */
export type EndedStep =
  | { kind: 'quiz'; test: AssessmentSummary }
  | { kind: 'postTest'; test: AssessmentSummary }
  | { kind: 'completed' }
  | { kind: 'next' };

/** The non-teaser episodes not watched yet (the ones the course needs). */
export const requiredLeft = (list: EpisodeList, watchedIds: Set<string>) =>
  list.episodes.filter((e) => !e.isTeaser && !watchedIds.has(e.id));

/**
 * After an episode ends: its quiz when not passed yet; then, when this episode was the last one the course
 * needed (or nothing follows it), the post-test when not passed, else the course's completion; otherwise the
 * next episode. The ended episode counts as watched (the server's answer may still be on its way).
 */
export function stepAfterEpisode(
  list: EpisodeList,
  episodeId: string,
  watchedIds: Set<string>,
  opts: { wasWatched: boolean; hasNext: boolean },
): EndedStep {
  const episode = list.episodes.find((e) => e.id === episodeId);
  if (episode?.quiz && !episode.quiz.passed) return { kind: 'quiz', test: episode.quiz };
  const watched = new Set(watchedIds).add(episodeId);
  const allWatched = requiredLeft(list, watched).length === 0;
  if (!allWatched || (opts.wasWatched && opts.hasNext)) return { kind: 'next' };
  if (list.postTest && !list.postTest.passed) return { kind: 'postTest', test: list.postTest };
  return { kind: 'completed' };
}

/**
 * The pre-test to take before the course: there is one, the learner may take it, has not taken (or started)
 * it, has not skipped it (when it can be skipped), and has not started the course.
 */
export function pendingPreTest(list: EpisodeList, progress: OngoingItem[]): AssessmentSummary | null {
  const p = list.preTest;
  if (!p || !list.access.canAccess || p.attemptsUsed > 0) return null;
  if (p.skippable && preTestSkipped(p.id)) return null;
  if (progress.length > 0) return null;
  return p;
}

export const testPath = (slug: string, testId: string) =>
  `/library/course/${encodeURIComponent(slug)}/test/${testId}`;
