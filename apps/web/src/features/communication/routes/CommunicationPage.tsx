import { mailKinds, type User } from '@rianroo/contract';
import { useState } from 'react';
import { Card } from '../../../components/ui/Card';
import { PageLoading } from '../../../components/ui/Spinner';
import { RetryAlert } from '../../../components/RetryAlert';
import { useErrorText } from '../../../lib/forms';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useMe } from '../../../lib/use-session';
import { useSaveMarketing } from '../api/communication';

const labels: Record<(typeof mailKinds)[number], [MessageKey, MessageKey]> = {
  news: ['comm.news', 'comm.newsHint'],
  promotions: ['comm.promotions', 'comm.promotionsHint'],
  reminders: ['comm.reminders', 'comm.remindersHint'],
};

/** `/communication-page`: which optional e-mails the learner wants (saved at once with PATCH /users/{id}). */
export default function CommunicationPage() {
  const { t } = useI18n();
  const me = useMe();
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-2xl font-bold">{t('comm.title')}</h1>
      <p className="mt-2 mb-6 text-slate-700">{t('comm.lead')}</p>
      {me.isPending ? (
        <PageLoading label={t('common.loading')} />
      ) : me.isError ? (
        <RetryAlert error={me.error} onRetry={() => void me.refetch()} />
      ) : (
        <Preferences user={me.data} />
      )}
    </div>
  );
}

function Preferences({ user }: { user: User }) {
  const { t } = useI18n();
  const toast = useToast();
  const errorText = useErrorText();
  const save = useSaveMarketing(user.id);
  // Shown as chosen at once; put back if the server refuses.
  const [prefs, setPrefs] = useState(user.marketing);
  const choose = (kind: (typeof mailKinds)[number], on: boolean) => {
    const before = prefs;
    setPrefs({ ...prefs, [kind]: on });
    save.mutate(
      { [kind]: on },
      {
        onSuccess: () => toast(t('common.saved'), 'success'),
        onError: (err) => {
          setPrefs(before);
          toast(errorText(err), 'error', 4000);
        },
      },
    );
  };
  return (
    <Card>
      <ul className="divide-y divide-slate-200">
        {mailKinds.map((kind) => {
          const [label, hint] = labels[kind];
          return (
            <li key={kind}>
              <label className="flex min-h-16 cursor-pointer items-center justify-between gap-4 py-3">
                <span>
                  <span className="block font-medium text-slate-900">{t(label)}</span>
                  <span className="block text-sm text-slate-600">{t(hint)}</span>
                </span>
                <input
                  type="checkbox"
                  role="switch"
                  checked={prefs[kind]}
                  onChange={(e) => choose(kind, e.target.checked)}
                  className="h-6 w-6 shrink-0 accent-teal-700"
                />
              </label>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
