import { useCallback, useEffect, useRef, useState } from 'react';

/** A difference this large between the server's count and ours moves ours to the server's. */
const RESYNC_SECONDS = 2;

/**
 * Seconds left of a timed attempt, counted down from the server's `secondsLeft` (not from the client's clock,
 * which may be wrong); `onZero` runs once when it reaches 0. `null` seconds: no time limit.
 */
export function useCountdown(secondsLeft: number | null, onZero: () => void) {
  const [endAt, setEndAt] = useState(() => (secondsLeft === null ? null : Date.now() + secondsLeft * 1000));
  const [left, setLeft] = useState(secondsLeft);
  const zero = useRef(onZero);
  zero.current = onZero;
  const fired = useRef(false);

  useEffect(() => {
    if (endAt === null) return;
    const tick = () => {
      const now = Math.max(0, Math.ceil((endAt - Date.now()) / 1000));
      setLeft(now);
      if (now === 0 && !fired.current) {
        fired.current = true;
        zero.current();
      }
      return now;
    };
    if (tick() === 0) return;
    const timer = setInterval(() => {
      if (tick() === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [endAt]);

  /** The server's newer count (an autosave's answer), when ours has drifted from it. */
  const sync = useCallback(
    (serverSeconds: number | null) => {
      if (serverSeconds === null || endAt === null || fired.current) return;
      const ours = Math.ceil((endAt - Date.now()) / 1000);
      if (Math.abs(ours - serverSeconds) >= RESYNC_SECONDS) setEndAt(Date.now() + serverSeconds * 1000);
    },
    [endAt],
  );

  return { left, sync };
}
