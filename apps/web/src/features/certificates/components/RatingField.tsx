import { useI18n, type MessageKey } from '../../../lib/i18n';

const STAR = 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8L3.5 9.7l5.9-.9L12 3.5z';

/**
 * A rating from 1 to 5: real radio buttons (arrow keys move between them), drawn as stars with a word under
 * each; the stars up to the chosen one are filled.
 */
export function RatingField({
  name,
  value,
  onChange,
  describedBy,
  invalid,
}: {
  name: string;
  value: number | undefined;
  onChange: (rating: number) => void;
  describedBy?: string;
  invalid: boolean;
}) {
  const { t } = useI18n();
  return (
    <div className="grid grid-cols-5 gap-1 sm:max-w-md sm:gap-2">
      {[1, 2, 3, 4, 5].map((n) => {
        const filled = !!value && n <= value;
        const word = t(`cert.rating.${n}` as MessageKey);
        return (
          <label
            key={n}
            className="flex min-h-16 cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border border-transparent px-1 py-2 text-center has-[:checked]:border-amber-500 has-[:checked]:bg-amber-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-600 hover:bg-slate-50"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              className="sr-only"
            />
            <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="h-8 w-8">
              <path
                d={STAR}
                strokeLinejoin="round"
                strokeWidth="1.5"
                className={filled ? 'fill-amber-400 stroke-amber-600' : 'fill-white stroke-slate-500'}
              />
            </svg>
            <span className="text-xs leading-tight text-slate-800">
              <span className="sr-only">{t('cert.rating.stars', { n })}</span> {word}
            </span>
          </label>
        );
      })}
    </div>
  );
}
