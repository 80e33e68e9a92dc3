import type { CourseRating as Rating } from '@rianroo/contract';
import { useI18n } from '../lib/i18n';

const STAR = 'M12 2l2.9 6.9 7.1.6-5.4 4.7 1.6 7-6.2-3.8-6.2 3.8 1.6-7L2 9.5l7.1-.6z';

function Stars({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 120 24" className={className} focusable="false">
      {[0, 1, 2, 3, 4].map((i) => (
        <path key={i} d={STAR} transform={`translate(${i * 24} 0)`} />
      ))}
    </svg>
  );
}

/** "4.6 จาก 5 (23 คะแนน)": the rating as words, in the learner's language. */
export function useRatingText(rating: Rating): string {
  const { t, lang } = useI18n();
  const locale = lang === 'th' ? 'th-TH' : 'en-GB';
  return t('rating.text', {
    average: rating.average.toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    shown: rating.count.toLocaleString(locale),
    count: rating.count,
  });
}

/**
 * A course's rating (only ever given when shown: from enough ratings, the API decides): stars filled to the
 * average, drawn for the eye, and the same in words for everyone.
 */
export function CourseRating({ rating }: { rating: Rating }) {
  const text = useRatingText(rating);
  return (
    <span className="inline-flex items-center gap-1.5 text-slate-700">
      <span aria-hidden="true" className="relative inline-block h-4 w-20 shrink-0">
        <Stars className="absolute inset-0 h-4 w-20 fill-slate-300" />
        <span
          className="absolute inset-y-0 left-0 overflow-hidden"
          style={{ width: `${(rating.average / 5) * 100}%` }}
        >
          <Stars className="h-4 w-20 max-w-none fill-amber-500" />
        </span>
      </span>
      <span>{text}</span>
    </span>
  );
}
