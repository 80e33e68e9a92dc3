import { useErrorText } from '../../../lib/forms';
import { useToast } from '../../../lib/toast';

/** Runs a console write: a toast says it is done, or what went wrong (then the promise still rejects). */
export function useAdminWrite() {
  const toast = useToast();
  const errorText = useErrorText();
  return <T>(work: Promise<T>, done: string) =>
    work.then(
      (r) => {
        toast(done, 'success', 3000);
        return r;
      },
      (err: unknown) => {
        toast(errorText(err), 'error', 6000);
        throw err;
      },
    );
}
