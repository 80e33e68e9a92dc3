import type { User } from '@rianroo/contract';
import { Card } from '../../../components/ui/Card';
import { useErrorText } from '../../../lib/forms';
import { useI18n, type Lang } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useUpdateUser } from '../api/update-user';

/** The language of the pages (this browser) and of e-mails (the account). */
export function LanguageSection({ user }: { user: User }) {
  const { t, lang, setLang } = useI18n();
  const toast = useToast();
  const errorText = useErrorText();
  const update = useUpdateUser(user.id);
  const choose = (next: Lang) => {
    setLang(next);
    update.mutate({ locale: next }, { onError: (e) => toast(errorText(e), 'error') });
  };
  return (
    <Card title={t('account.language')}>
      <fieldset>
        <legend className="mb-3 text-sm text-slate-600">{t('account.languageHint')}</legend>
        <div className="flex gap-3">
          {(['th', 'en'] as const).map((l) => (
            <label
              key={l}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-4 has-[:checked]:border-teal-600 has-[:checked]:bg-teal-50"
            >
              <input
                type="radio"
                name="lang"
                value={l}
                checked={lang === l}
                onChange={() => choose(l)}
                className="h-4 w-4 accent-teal-700"
              />
              {l === 'th' ? 'ไทย' : 'English'}
            </label>
          ))}
        </div>
      </fieldset>
    </Card>
  );
}
