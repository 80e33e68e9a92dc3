import { useSendSetPasswordEmail } from '../api/set-password-old-user';
import { EmailLinkRequest } from '../components/EmailLinkRequest';

/** Learners migrated from the old system ask here for a link to set their first password. */
export default function SetPasswordPage() {
  const send = useSendSetPasswordEmail();
  return (
    <EmailLinkRequest
      title="setpw.title"
      lead="setpw.lead"
      submit="setpw.submit"
      sentText="setpw.sent"
      sent={send.data === true}
      busy={send.isPending}
      onEmail={(email) => send.mutate(email)}
    />
  );
}
