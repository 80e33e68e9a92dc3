import { Button } from './ui/Button';
import { Alert } from './ui/Card';
import { useErrorText } from '../lib/forms';
import { useI18n } from '../lib/i18n';

/** A failed load in the learner's words, and the way to ask again. */
export function RetryAlert({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert>{errorText(error)}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
