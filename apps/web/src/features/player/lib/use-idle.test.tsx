import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTROLS_IDLE_MS, useIdle } from './use-idle';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('player controls idle', () => {
  it('hides after 3 s of no activity while playing, and comes back at once on activity', () => {
    const { result } = renderHook(({ playing }) => useIdle(playing), { initialProps: { playing: true } });
    act(() => vi.advanceTimersByTime(CONTROLS_IDLE_MS - 1));
    expect(result.current.idle).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.idle).toBe(true);
    act(() => result.current.wake());
    expect(result.current.idle).toBe(false);
    // Activity restarts the count.
    act(() => vi.advanceTimersByTime(CONTROLS_IDLE_MS - 1));
    act(() => result.current.wake());
    act(() => vi.advanceTimersByTime(CONTROLS_IDLE_MS - 1));
    expect(result.current.idle).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.idle).toBe(true);
  });

  it('never hides while paused, and shows at once when playback pauses', () => {
    const { result, rerender } = renderHook(({ playing }) => useIdle(playing), {
      initialProps: { playing: true },
    });
    act(() => vi.advanceTimersByTime(CONTROLS_IDLE_MS));
    expect(result.current.idle).toBe(true);
    rerender({ playing: false });
    expect(result.current.idle).toBe(false);
    act(() => vi.advanceTimersByTime(CONTROLS_IDLE_MS * 5));
    expect(result.current.idle).toBe(false);
  });
});
