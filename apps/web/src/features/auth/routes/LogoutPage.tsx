import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../../components/ui/Spinner';
import { useI18n } from '../../../lib/i18n';
import { logout } from '../../../lib/logout';
import { useToast } from '../../../lib/toast';

export default function LogoutPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const toast = useToast();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout().then((result) => {
      toast(
        result.success ? t('logout.done') : t('error.NETWORK_ERROR'),
        result.success ? 'success' : 'error',
      );
      navigate(result.success ? '/' : result.redirect, { replace: true });
    });
  }, [navigate, t, toast]);
  return <PageLoading label={t('logout.working')} />;
}
