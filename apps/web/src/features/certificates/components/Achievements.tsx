import type { CourseCompletion } from '@rianroo/contract';
import { useI18n } from '../../../lib/i18n';

const pct = (n: number) => Math.round(n);

/** What the learner achieved: episodes, the post-test score, and the improvement since the pre-test. */
export function Achievements({ completion }: { completion: CourseCompletion }) {
  const { t } = useI18n();
  const { preTest, postTest } = completion;
  const before = preTest?.bestScore ?? null;
  const after = postTest?.bestScore ?? null;
  const items = [
    {
      label: t('cert.done.episodes'),
      value: t('cert.done.episodesValue', {
        watched: completion.episodesWatched,
        total: completion.episodesTotal,
      }),
    },
  ];
  if (after !== null) items.push({ label: t('cert.done.postTestScore'), value: `${pct(after)}%` });
  if (before !== null && after !== null) {
    const gain = pct(after) - pct(before);
    items.push({
      label: t('cert.done.improvement'),
      value: t('cert.done.improvementValue', {
        before: pct(before),
        after: pct(after),
        gain: gain > 0 ? `+${gain}` : String(gain),
      }),
    });
  }
  return (
    <section aria-labelledby="achieved" className="mt-8">
      <h2 id="achieved" className="text-lg font-semibold text-slate-900">
        {t('cert.done.achieved')}
      </h2>
      <dl className="mt-3 grid gap-3 sm:grid-cols-3">
        {items.map((item) => (
          <div key={item.label} className="rounded-2xl border border-emerald-200 bg-emerald-50 p-4">
            <dt className="text-sm text-emerald-900">{item.label}</dt>
            <dd className="mt-1 text-xl font-bold text-emerald-950">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
