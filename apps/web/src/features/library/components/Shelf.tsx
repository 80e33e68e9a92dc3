import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { Alert } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';

/** A titled section of the library with its own loading, error and empty states. */
export function Shelf<T>({
  title,
  query,
  empty,
  children,
}: {
  title: string;
  query: UseQueryResult<T[]>;
  empty?: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useI18n();
  const errorText = useErrorText();
  // A shelf with nothing on it and nothing to say about that is left out.
  if (query.data?.length === 0 && !empty) return null;
  return (
    <section className="mt-10" aria-label={title}>
      <h2 className="mb-4 text-xl font-semibold">{title}</h2>
      {query.isPending && (
        <div className="flex min-h-32 items-center text-teal-700">
          <Spinner label={t('common.loading')} />
        </div>
      )}
      {query.isError && (
        <div className="flex flex-col items-start gap-3">
          <Alert>{errorText(query.error)}</Alert>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      )}
      {query.data && (query.data.length === 0 ? empty : children(query.data))}
    </section>
  );
}
