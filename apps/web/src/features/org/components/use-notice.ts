import { useState } from 'react';
import { useErrorText } from '../../../lib/forms';

export type Notice = { kind: 'success' | 'error'; text: string } | null;

/** A page's last outcome (a write done, or its error in the learner's words), and a runner that sets it. */
export function useNotice() {
  const errorText = useErrorText();
  const [notice, setNotice] = useState<Notice>(null);
  const run = <T>(p: Promise<T>, done: string) =>
    p.then(
      (v) => {
        setNotice({ kind: 'success', text: done });
        return v;
      },
      (err: unknown) => {
        setNotice({ kind: 'error', text: errorText(err) });
        throw err;
      },
    );
  return { notice, run };
}
