import { describe, expect, it } from 'vitest';
import { afterEnd, episodeToOpen, nextEpisode, resumeAt, type ProgressLike } from './resume';

const ep = (id: string, locked = false) => ({ id, locked, durationSeconds: 60 });
const prog = (
  episode_id: string,
  last_second: number,
  watched = false,
  updatedAt = '2026-01-01T00:00:00Z',
): ProgressLike => ({
  episode_id,
  last_second,
  episodeCompletionPercentage: watched ? 95 : 30,
  watched,
  updatedAt,
});

describe('where a course opens', () => {
  const episodes = [ep('a'), ep('b'), ep('c'), ep('d', true)];

  it('opens the most recently started episode that is not finished', () => {
    expect(
      episodeToOpen(episodes, [
        prog('a', 20, false, '2026-01-01T00:00:00Z'),
        prog('c', 10, false, '2026-02-01T00:00:00Z'),
      ])?.id,
    ).toBe('c');
  });

  it('else the first episode not watched, else the first', () => {
    expect(episodeToOpen(episodes, [prog('a', 58, true)])?.id).toBe('b');
    expect(episodeToOpen(episodes, [])?.id).toBe('a');
    expect(
      episodeToOpen(
        episodes,
        ['a', 'b', 'c'].map((id) => prog(id, 60, true)),
      )?.id,
    ).toBe('a');
  });

  it('an episode opened but never played past 0 s does not count as started', () => {
    expect(
      episodeToOpen(episodes, [
        prog('a', 20, false, '2026-01-01T00:00:00Z'),
        prog('c', 0, false, '2026-02-01T00:00:00Z'),
      ])?.id,
    ).toBe('a');
  });

  it('never opens a locked episode while an open one exists, but shows the lock when all are locked', () => {
    expect(episodeToOpen([ep('x', true), ep('y')], [prog('x', 5)])?.id).toBe('y');
    expect(episodeToOpen([ep('x', true)], [])?.id).toBe('x');
  });
});

describe('where playback starts', () => {
  it('at the saved position', () => expect(resumeAt(prog('a', 42), 60)).toBe(42));
  it('from the start when finished, near the end, or never started', () => {
    expect(resumeAt(prog('a', 42, true), 60)).toBe(0);
    expect(resumeAt(prog('a', 57), 60)).toBe(0);
    expect(resumeAt(undefined, 60)).toBe(0);
    expect(resumeAt(prog('a', 0), 60)).toBe(0);
  });
});

describe('where playback starts, at the edges', () => {
  it('from the start at exactly 5 s before the end; at the saved position 6 s before it', () => {
    expect(resumeAt(prog('a', 55), 60)).toBe(0);
    expect(resumeAt(prog('a', 54), 60)).toBe(54);
  });
  it('at the saved position while the duration is not known yet', () => {
    expect(resumeAt(prog('a', 42), 0)).toBe(42);
  });
  it('from the start for a saved position that is negative or not a number', () => {
    expect(resumeAt(prog('a', -3), 60)).toBe(0);
    expect(resumeAt(prog('a', Number.NaN), 60)).toBe(0);
  });
});

describe('the next episode', () => {
  it('follows the current one, locked or not; none after the last', () => {
    const list = [ep('a'), ep('b', true)];
    expect(nextEpisode(list, 'a')?.id).toBe('b');
    expect(nextEpisode(list, 'b')).toBeUndefined();
    expect(nextEpisode(list, 'zzz')).toBeUndefined();
  });
});

describe('what an ending episode offers', () => {
  it('the next episode the learner may watch, skipping locked ones', () => {
    const list = [ep('a'), ep('b', true), ep('c'), ep('d', true)];
    expect(afterEnd(list, 'a')).toEqual({ next: list[2], lockedAfter: true });
    expect(afterEnd(list, 'c')).toEqual({ next: undefined, lockedAfter: true });
    expect(afterEnd(list, 'd')).toEqual({ next: undefined, lockedAfter: false });
    expect(afterEnd([ep('a'), ep('b')], 'a')).toEqual({ next: ep('b'), lockedAfter: false });
  });

  it('nothing for an episode that is not in the list', () => {
    expect(afterEnd([ep('a'), ep('b', true)], 'zzz')).toEqual({ next: undefined, lockedAfter: false });
  });
});
