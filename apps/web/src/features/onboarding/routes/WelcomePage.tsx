import type { User } from '@rianroo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { AuthShell } from '../../../components/ui/Card';
import { PageLoading } from '../../../components/ui/Spinner';
import { RetryAlert } from '../../../components/RetryAlert';
import { api } from '../../../lib/api';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { safeRedirect } from '../../../lib/protected-paths';
import { useToast } from '../../../lib/toast';
import { meKey, useLoggedIn, useMe } from '../../../lib/use-session';

/** A new learner's first minute: pick interests (they become the learner's tags), then the library. */
export default function WelcomePage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  const loggedIn = useLoggedIn();
  const me = useMe();
  const topics = useQuery({
    queryKey: ['catalogue-tags'],
    queryFn: () => api('GET /api/tags'),
  });
  useEffect(() => {
    if (!loggedIn) navigate(`/login?redirect=${encodeURIComponent('/welcome')}`, { replace: true });
  }, [loggedIn, navigate]);
  if (me.isPending || topics.isPending) return <PageLoading label={t('common.loading')} />;
  if (me.isError || topics.isError) {
    return (
      <AuthShell title={t('welcome.title')}>
        <RetryAlert
          error={me.error ?? topics.error}
          onRetry={() => void Promise.all([me.refetch(), topics.refetch()])}
        />
      </AuthShell>
    );
  }
  return (
    <Interests
      user={me.data}
      topics={topics.data.map((x) => x.tag)}
      done={() => navigate(target, { replace: true })}
    />
  );
}

function Interests({ user, topics, done }: { user: User; topics: string[]; done: () => void }) {
  const { t } = useI18n();
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const [chosen, setChosen] = useState<string[]>([]);
  const save = useMutation({
    mutationFn: (tags: string[]) =>
      api('PATCH /api/users/:id', { params: { id: user.id }, body: { tags }, auth: true }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: meKey });
      void qc.invalidateQueries({ queryKey: ['user-tags'] });
      done();
    },
    onError: (err) => toast(errorText(err), 'error', 4000),
  });
  const toggle = (tag: string) =>
    setChosen((list) => (list.includes(tag) ? list.filter((x) => x !== tag) : [...list, tag].slice(-20)));
  return (
    <AuthShell title={t('welcome.title', { name: user.firstName })}>
      <p className="mb-4 text-slate-700">{t('welcome.lead')}</p>
      {topics.length === 0 && <p className="text-slate-600">{t('welcome.none')}</p>}
      <div role="group" aria-label={t('welcome.topics')} className="flex flex-wrap gap-2">
        {topics.map((tag) => {
          const on = chosen.includes(tag);
          return (
            <button
              key={tag}
              type="button"
              aria-pressed={on}
              onClick={() => toggle(tag)}
              className={`min-h-11 rounded-full border px-4 text-sm font-medium focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600 ${on ? 'border-teal-700 bg-teal-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:border-teal-600'}`}
            >
              {on ? '✓ ' : ''}
              {tag}
            </button>
          );
        })}
      </div>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button onClick={() => save.mutate(chosen)} busy={save.isPending} disabled={chosen.length === 0}>
          {t('welcome.start')}
        </Button>
        <Button variant="secondary" onClick={done}>
          {t('welcome.skip')}
        </Button>
      </div>
    </AuthShell>
  );
}
