import { useCallback, useEffect, useRef, useState } from 'react';

/** Controls hide after this long without pointer or keyboard activity while the video plays. */
export const CONTROLS_IDLE_MS = 3000;

/**
 * Whether the viewer has been idle for `ms` while `active` (playing); `wake` is called on any activity and
 * shows the controls again. Not active (paused, a menu open): never idle.
 */
export function useIdle(active: boolean, ms = CONTROLS_IDLE_MS) {
  const [idle, setIdle] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const arm = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setIdle(true), ms);
  }, [ms]);
  const wake = useCallback(() => {
    setIdle(false);
    if (active) arm();
  }, [active, arm]);
  useEffect(() => {
    if (active) arm();
    else {
      clearTimeout(timer.current);
      setIdle(false);
    }
    return () => clearTimeout(timer.current);
  }, [active, arm]);
  return { idle: active && idle, wake };
}
