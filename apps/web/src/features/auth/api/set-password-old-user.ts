import { useMutation } from '@tanstack/react-query';
import { API_BASE } from '../../../lib/session';

/** Spec section 7: any non-200 answer shows this alert. */
export const CANNOT_SEND_EMAIL = 'Cannot Send Email, Please Contact Support.';

/** Asks the API to e-mail a migrated learner a set-password link; answers whether it was sent. */
export async function sendSetPasswordEmail(email: string): Promise<boolean> {
  let status = 0;
  try {
    status = (await fetch(`${API_BASE}/users/set-password-old-user/${encodeURIComponent(email)}`)).status;
  } catch {
    status = 0;
  }
  if (status !== 200) {
    window.alert(CANNOT_SEND_EMAIL);
    return false;
  }
  return true;
}

export const useSendSetPasswordEmail = () => useMutation({ mutationFn: sendSetPasswordEmail });
