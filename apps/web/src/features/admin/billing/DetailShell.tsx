import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/Card';
import { Button } from '../../../components/ui/Button';
import { PageLoading } from '../../../components/ui/Spinner';
import { textLink } from '../../../components/ui/link-styles';
import { useErrorText } from '../../../lib/forms';
import { useAdminI18n } from '../i18n';

/** A record's page while it loads or fails (with a retry), then `children` with the record. */
export function DetailShell<T>({
  query,
  backTo,
  backLabel,
  children,
}: {
  query: UseQueryResult<T>;
  backTo: string;
  backLabel: string;
  children: (data: T, back: ReactNode) => ReactNode;
}) {
  const { t, siteT } = useAdminI18n();
  const errorText = useErrorText();
  const back = (
    <Link to={backTo} className={textLink}>
      ← {backLabel}
    </Link>
  );
  if (query.isPending) return <PageLoading label={siteT('common.loading')} />;
  if (query.isError)
    return (
      <div className="flex flex-col gap-4">
        {back}
        <Alert>
          <span className="mr-3">{errorText(query.error)}</span>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('admin.table.retry')}
          </Button>
        </Alert>
      </div>
    );
  return <>{children(query.data, back)}</>;
}
