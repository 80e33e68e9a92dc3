import type { AssessmentSummary } from '@rianroo/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { EpisodeList } from '../api/episodes';
import { pendingPreTest, stepAfterEpisode } from './course-steps';

const summary = (over: Partial<AssessmentSummary> = {}): AssessmentSummary => ({
  id: 'quiz-1',
  kind: 'episode_quiz',
  title: 'แบบทดสอบท้ายตอน',
  questionCount: 3,
  passingScore: 70,
  maxAttempts: 3,
  timeLimitSeconds: null,
  skippable: false,
  attemptsUsed: 0,
  bestScore: null,
  passed: false,
  ...over,
});

const episode = (id: string, over: Partial<EpisodeList['episodes'][number]> = {}) => ({
  id,
  sort: 1,
  sectionTitle: null,
  title: id,
  description: '',
  durationSeconds: 60,
  isTeaser: false,
  locked: false,
  videoStatus: 'ready' as const,
  posterUrl: null,
  quiz: null,
  ...over,
});

const list = (over: Partial<EpisodeList> = {}): EpisodeList =>
  ({
    course: {} as EpisodeList['course'],
    access: { canAccess: true, reason: 'subscription', expiresAt: null },
    episodes: [episode('t', { isTeaser: true }), episode('a'), episode('b')],
    preTest: null,
    postTest: null,
    ...over,
  }) as EpisodeList;

const once = { wasWatched: false, hasNext: true };

describe('stepAfterEpisode', () => {
  it('offers the episode quiz first while it is not passed', () => {
    const quiz = summary();
    const l = list({ episodes: [episode('a', { quiz }), episode('b')] });
    expect(stepAfterEpisode(l, 'a', new Set(), once)).toEqual({ kind: 'quiz', test: quiz });
    const passed = list({ episodes: [episode('a', { quiz: summary({ passed: true }) }), episode('b')] });
    expect(stepAfterEpisode(passed, 'a', new Set(), once)).toEqual({ kind: 'next' });
  });

  it('offers the post-test when the last episode needed has just ended (teasers do not count)', () => {
    const postTest = summary({ id: 'post', kind: 'post_test' });
    const l = list({ postTest });
    expect(stepAfterEpisode(l, 'b', new Set(['a']), once)).toEqual({ kind: 'postTest', test: postTest });
    expect(stepAfterEpisode(l, 'a', new Set(), once)).toEqual({ kind: 'next' });
  });

  it('says the course is complete when nothing is left and there is no post-test or it is passed', () => {
    expect(stepAfterEpisode(list(), 'b', new Set(['a']), once)).toEqual({ kind: 'completed' });
    const passed = list({ postTest: summary({ kind: 'post_test', passed: true }) });
    expect(stepAfterEpisode(passed, 'b', new Set(['a']), once)).toEqual({ kind: 'completed' });
  });

  it('goes on to the next episode when a watched episode of a completed course is watched again', () => {
    expect(stepAfterEpisode(list(), 'a', new Set(['a', 'b']), { wasWatched: true, hasNext: true })).toEqual({
      kind: 'next',
    });
  });
});

describe('pendingPreTest', () => {
  afterEach(() => localStorage.clear());
  const pre = summary({ id: 'pre', kind: 'pre_test', skippable: true });
  const progress = [
    {
      episode_id: 'a',
      last_second: 30,
      episodeCompletionPercentage: 50,
      watched: false,
      updatedAt: '2025-01-01',
    },
  ];

  it('is the pre-test of a course not started, not taken and not skipped', () => {
    expect(pendingPreTest(list({ preTest: pre }), [])).toBe(pre);
  });

  it('is nothing once taken, skipped, the course started, or the course locked', () => {
    expect(pendingPreTest(list({ preTest: summary({ ...pre, attemptsUsed: 1 }) }), [])).toBeNull();
    expect(pendingPreTest(list({ preTest: pre }), progress)).toBeNull();
    const locked = list({ preTest: pre, access: { canAccess: false, reason: 'none', expiresAt: null } });
    expect(pendingPreTest(locked, [])).toBeNull();
    localStorage.setItem('preTestSkipped:pre', '1');
    expect(pendingPreTest(list({ preTest: pre }), [])).toBeNull();
    // A skip counts only where the author allows skipping.
    expect(pendingPreTest(list({ preTest: { ...pre, skippable: false } }), [])).not.toBeNull();
  });
});
