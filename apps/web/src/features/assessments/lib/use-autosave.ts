import type { AttemptInProgress } from '@rianroo/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { saveAnswers } from '../api/save-answers';

/** Quiet time after the last change before it is saved. */
export const AUTOSAVE_DELAY_MS = 1000;
/** Wait before a failed save (no connection, server error) is tried again. */
export const AUTOSAVE_RETRY_MS = 3000;

export type SaveState = 'idle' | 'saving' | 'saved' | 'retrying';

/** Refusals a retry would not change (the attempt is over, the test is locked): the page must look again. */
const hopeless = (err: unknown) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && ![408, 429].includes(err.status);

/**
 * Saves each changed answer of the attempt in progress: debounced, one request at a time, retried when it
 * fails, sent with `keepalive` when the page is hidden or left. TIME_UP and other final refusals are handed
 * to the page.
 */
export function useAutosave(opts: {
  assessmentId: string;
  onSaved: (attempt: AttemptInProgress) => void;
  onTimeUp: () => void;
  onGone: (err: ApiError) => void;
}) {
  const { assessmentId } = opts;
  const callbacks = useRef(opts);
  callbacks.current = opts;
  const dirty = useRef(new Map<string, string[]>());
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inflight = useRef<Promise<boolean> | null>(null);
  const stopped = useRef(false);
  const [state, setState] = useState<SaveState>('idle');

  const flush = useCallback(
    async (keepalive = false): Promise<boolean> => {
      clearTimeout(timer.current);
      while (inflight.current) await inflight.current;
      if (stopped.current || !dirty.current.size) return true;
      const batch = new Map(dirty.current);
      dirty.current.clear();
      setState('saving');
      const answers = [...batch].map(([questionId, choiceIds]) => ({ questionId, choiceIds }));
      const sending = saveAnswers(assessmentId, answers, keepalive).then(
        (attempt) => {
          if (stopped.current) return true;
          setState(dirty.current.size ? 'saving' : 'saved');
          callbacks.current.onSaved(attempt);
          return true;
        },
        (err: unknown) => {
          // Put back what has not been changed again since; the newer pick wins.
          for (const [q, c] of batch) if (!dirty.current.has(q)) dirty.current.set(q, c);
          if (stopped.current) return false;
          if (err instanceof ApiError && err.code === 'TIME_UP') callbacks.current.onTimeUp();
          else if (hopeless(err)) callbacks.current.onGone(err as ApiError);
          else {
            setState('retrying');
            timer.current = setTimeout(() => void flushRef.current(), AUTOSAVE_RETRY_MS);
          }
          return false;
        },
      );
      inflight.current = sending.finally(() => {
        inflight.current = null;
      });
      return sending;
    },
    [assessmentId],
  );
  const flushRef = useRef(flush);
  flushRef.current = flush;

  const change = useCallback((questionId: string, choiceIds: string[]) => {
    if (stopped.current) return;
    dirty.current.set(questionId, choiceIds);
    setState((s) => (s === 'retrying' ? s : 'saving'));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flushRef.current(), AUTOSAVE_DELAY_MS);
  }, []);

  /** No more saves: the attempt is being submitted with every answer in it. */
  const stop = useCallback(() => {
    stopped.current = true;
    clearTimeout(timer.current);
    dirty.current.clear();
  }, []);

  /** Saves again after a failed submit, which may have stopped them. */
  const resume = useCallback(() => {
    stopped.current = false;
  }, []);

  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState === 'hidden') void flushRef.current(true);
    };
    const leaving = () => void flushRef.current(true);
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', leaving);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', leaving);
      clearTimeout(timer.current);
      // Leaving the test inside the app: what is not saved yet goes now.
      void flushRef.current(true);
    };
  }, []);

  return { state, change, flush, stop, resume };
}
