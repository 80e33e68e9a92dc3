import { useForgotPassword } from '../api/password-reset';
import { EmailLinkRequest } from '../components/EmailLinkRequest';

export default function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  return (
    <EmailLinkRequest
      title="forgot.title"
      lead="forgot.lead"
      submit="forgot.submit"
      sentText="forgot.sent"
      sent={forgot.isSuccess}
      busy={forgot.isPending}
      onEmail={(email, onError) => forgot.mutate(email, { onError })}
    />
  );
}
