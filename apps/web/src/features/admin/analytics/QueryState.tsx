import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { Alert } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { useErrorText } from '../../../lib/forms';
import { useAdminI18n } from '../i18n';

/** A query's loading and error states; its data, once there, drawn by `children`. */
export function QueryState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useAdminI18n();
  const errorText = useErrorText();
  if (query.isPending)
    return (
      <div className="py-8 text-center text-teal-700">
        <Spinner label={t('admin.analytics.loading')} />
      </div>
    );
  if (query.isError)
    return (
      <Alert>
        <span className="mr-3">
          {t('admin.loadFailed')}: {errorText(query.error)}
        </span>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('admin.table.retry')}
        </Button>
      </Alert>
    );
  return <div aria-busy={query.isFetching || undefined}>{children(query.data)}</div>;
}
