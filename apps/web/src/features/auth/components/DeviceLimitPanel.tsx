import type { DeviceLimitError } from '@rianroo/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Alert } from '../../../components/ui/Card';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { usePartialLogin } from '../api/partial-login';

/** The device-limit flow: pick devices to sign out, then the partial login completes the login. */
export function DeviceLimitPanel({ limit, onDone }: { limit: DeviceLimitError; onDone: () => void }) {
  const { t, date } = useI18n();
  const errorText = useErrorText();
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState<string>();
  const partial = usePartialLogin();
  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  const submit = () => {
    if (!chosen.length) return setProblem(t('device.pickOne'));
    setProblem(undefined);
    partial.mutate(
      { partialToken: limit.partialToken, logoutDeviceIds: chosen },
      { onSuccess: onDone, onError: (e) => setProblem(errorText(e)) },
    );
  };
  return (
    <section aria-labelledby="device-limit-title" className="flex flex-col gap-4">
      <h2 id="device-limit-title" className="text-lg font-semibold">
        {t('device.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('device.lead')}</p>
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">{t('device.title')}</legend>
        {limit.devices.map((d) => (
          <label
            key={d.id}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 hover:bg-slate-50 has-[:checked]:border-teal-600 has-[:checked]:bg-teal-50"
          >
            <input
              type="checkbox"
              className="h-5 w-5 accent-teal-700"
              checked={chosen.includes(d.id)}
              onChange={() => toggle(d.id)}
            />
            <span className="flex flex-col">
              <span className="font-medium">{d.name}</span>
              <span className="text-xs text-slate-500">
                {t('device.lastUsed')}: {date(d.lastUsedAt, true)}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {problem && <Alert>{problem}</Alert>}
      <Button type="button" onClick={submit} busy={partial.isPending}>
        {t('device.submit')}
      </Button>
    </section>
  );
}
