import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { Alert } from '../../../components/ui/Card';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';

/** The column every certificate screen sits in. */
export function PageColumn({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className={`mx-auto w-full ${wide ? 'max-w-5xl' : 'max-w-3xl'} px-4 py-8 sm:py-10`}>{children}</div>
  );
}

/** A query's error with a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  return (
    <div className="mt-6 flex flex-col items-start gap-3">
      <Alert>{errorText(error)}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
