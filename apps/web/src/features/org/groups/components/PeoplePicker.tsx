import type { OrgPerson } from '@rianroo/contract';
import { useDeferredValue, useId, useState } from 'react';
import { RetryAlert } from '../../../../components/RetryAlert';
import { Spinner } from '../../../../components/ui/Spinner';
import { TextField } from '../../../../components/ui/TextField';
import { useAssignI18n } from '../../i18n/use-assign-i18n';
import { usePeople } from '../api/groups';

/**
 * Picks members of the organisation by searching their name or e-mail: results are buttons (keyboard and
 * screen readers reach each), the picked ones listed with a button to unpick each.
 */
export function PeoplePicker({
  orgId,
  picked,
  onChange,
  exclude = [],
}: {
  orgId: string;
  picked: OrgPerson[];
  onChange: (people: OrgPerson[]) => void;
  /** Ids not offered (already in the group). */
  exclude?: string[];
}) {
  const { t } = useAssignI18n();
  const [q, setQ] = useState('');
  const words = useDeferredValue(q.trim());
  const people = usePeople(orgId, words);
  const results = (people.data ?? []).filter(
    (p) => !exclude.includes(p.id) && !picked.some((x) => x.id === p.id),
  );
  const pickedHeading = useId();
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <TextField
        type="search"
        label={t('org.people.search')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      {people.isPending ? (
        <Spinner small label={t('org.common.loading')} />
      ) : people.isError ? (
        <RetryAlert error={people.error} onRetry={() => people.refetch()} />
      ) : results.length === 0 ? (
        <p className="text-sm text-slate-600">{t('org.people.none')}</p>
      ) : (
        <ul className="flex max-h-56 flex-col gap-1 overflow-y-auto rounded-lg border border-slate-200 p-1">
          {results.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className="flex min-h-11 w-full flex-col items-start rounded-md px-3 py-1 text-left hover:bg-teal-50 focus-visible:outline-3 focus-visible:outline-teal-600"
                aria-label={t('org.people.pick', { name: p.name || p.email })}
                onClick={() => onChange([...picked, p])}
              >
                <span className="text-sm font-medium wrap-anywhere text-slate-900">{p.name || p.email}</span>
                <span className="text-xs wrap-anywhere text-slate-600">{p.email}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {picked.length > 0 && (
        <div>
          <p id={pickedHeading} className="text-sm font-medium text-slate-800">
            {t('org.people.picked', { n: picked.length })}
          </p>
          <ul aria-labelledby={pickedHeading} className="mt-1 flex flex-wrap gap-2">
            {picked.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  className="inline-flex min-h-11 max-w-full items-center gap-1 rounded-full bg-teal-100 px-3 text-sm wrap-anywhere text-teal-900 hover:bg-teal-200 focus-visible:outline-3 focus-visible:outline-teal-600"
                  aria-label={t('org.people.unpick', { name: p.name || p.email })}
                  onClick={() => onChange(picked.filter((x) => x.id !== p.id))}
                >
                  {p.name || p.email} <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
