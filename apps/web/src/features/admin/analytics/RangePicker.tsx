import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { Form } from '../../../components/ui/Form';
import { useAdminI18n } from '../i18n';
import { formatDay } from './analytics-format';
import {
  bangkokToday,
  daysIn,
  PRESETS,
  presetRange,
  rangeProblem,
  type DayRange,
  type RangeProblem,
} from './range';

const field =
  'min-h-11 rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm focus-visible:outline-3 focus-visible:outline-teal-600 aria-invalid:border-red-600';

/** Presets (7, 30, 90 days up to today) as toggle buttons, and a custom span of two days. */
export function RangePicker({ range, onChange }: { range: DayRange; onChange: (r: DayRange) => void }) {
  const { t, lang, num } = useAdminI18n();
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [problem, setProblem] = useState<RangeProblem | null>(null);
  const ids = { legend: useId(), from: useId(), to: useId(), problem: useId() };
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const why = rangeProblem(from, to);
    setProblem(why);
    if (!why) onChange({ from, to, preset: null });
  };
  const choose = (r: DayRange) => {
    setFrom(r.from);
    setTo(r.to);
    setProblem(null);
    onChange(r);
  };
  return (
    <section
      aria-labelledby={ids.legend}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <h2 id={ids.legend} className="font-semibold text-slate-900">
        {t('admin.analytics.range')}
      </h2>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <div className="flex flex-wrap gap-2">
          {PRESETS.map((days) => (
            <Button
              key={days}
              variant={range.preset === days ? 'primary' : 'secondary'}
              aria-pressed={range.preset === days}
              onClick={() => choose(presetRange(days, bangkokToday()))}
            >
              {t('admin.analytics.lastDays', { days })}
            </Button>
          ))}
        </div>
        <Form
          onSubmit={apply}
          className="flex flex-wrap items-end gap-2"
          aria-label={t('admin.analytics.custom')}
        >
          <label htmlFor={ids.from} className="flex flex-col gap-1 text-sm text-slate-700">
            {t('admin.analytics.from')}
            <input
              id={ids.from}
              type="date"
              className={field}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? ids.problem : undefined}
            />
          </label>
          <label htmlFor={ids.to} className="flex flex-col gap-1 text-sm text-slate-700">
            {t('admin.analytics.to')}
            <input
              id={ids.to}
              type="date"
              className={field}
              value={to}
              onChange={(e) => setTo(e.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? ids.problem : undefined}
            />
          </label>
          <Button type="submit" variant={range.preset ? 'secondary' : 'primary'}>
            {t('admin.analytics.apply')}
          </Button>
        </Form>
      </div>
      {problem && (
        <p id={ids.problem} role="alert" className="text-sm text-red-700">
          {t(`admin.analytics.${problem}`)}
        </p>
      )}
      <p className="text-sm text-slate-700" aria-live="polite">
        {t('admin.analytics.showing', {
          from: formatDay(range.from, lang),
          to: formatDay(range.to, lang),
          days: num(daysIn(range)),
        })}
      </p>
    </section>
  );
}
