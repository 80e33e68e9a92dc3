import { mailKinds, type User } from '@rianroo/contract';
import { useRef, useState } from 'react';
import { Card } from '../../../components/ui/Card';
import { PageLoading } from '../../../components/ui/Spinner';
import { RetryAlert } from '../../../components/RetryAlert';
import { useErrorText } from '../../../lib/forms';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useMe } from '../../../lib/use-session';
import { useSaveMarketing, type MarketingPatch } from '../api/communication';

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

type Kind = (typeof mailKinds)[number];

function Preferences({ user }: { user: User }) {
  const { t } = useI18n();
  const toast = useToast();
  const errorText = useErrorText();
  // Shown as chosen at once. When the last save of a switch fails, the switch shows what the server has kept
  // again (what it last saved of that switch), and says so; the other switches are left as they are.
  const [prefs, setPrefs] = useState(user.marketing);
  const kept = useRef(user.marketing);
  const saving = useRef<Record<Kind, number>>({ news: 0, promotions: 0, reminders: 0 });
  const settled = (patch: MarketingPatch, failed: { err: unknown } | null) => {
    for (const kind of mailKinds) {
      const on = patch[kind];
      if (on === undefined) continue;
      saving.current[kind]--;
      if (!failed) kept.current = { ...kept.current, [kind]: on };
      else if (saving.current[kind] === 0) {
        const back = kept.current[kind];
        setPrefs((now) => ({ ...now, [kind]: back }));
        toast(
          t('comm.saveFailed', { kind: t(labels[kind][0]), reason: errorText(failed.err) }),
          'error',
          6000,
        );
      }
    }
  };
  const save = useSaveMarketing(user.id, {
    saved: (patch) => {
      settled(patch, null);
      toast(t('common.saved'), 'success');
    },
    failed: (err, patch) => settled(patch, { err }),
  });
  const choose = (kind: Kind, on: boolean) => {
    saving.current[kind]++;
    setPrefs((now) => ({ ...now, [kind]: on }));
    save.mutate({ [kind]: on });
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
