import { Link } from 'react-router';
import { Card } from '../../../components/ui/Card';
import { textLink } from '../../../components/ui/link-styles';
import { clock } from '../../../lib/format';
import { useAdminI18n } from '../i18n';
import { useBudgetCuts } from './analytics-api';
import { QueryState } from './QueryState';

/** Learners of a course whose progress saves the watch-time budget cut: how often, how much, when last. */
export function BudgetCutsCard({ courseId }: { courseId: string }) {
  const { t, num, date } = useAdminI18n();
  const cuts = useBudgetCuts(courseId);
  return (
    <Card title={t('admin.analytics.cuts')}>
      <p className="mb-3 text-sm text-slate-600">{t('admin.analytics.cutsLead')}</p>
      <QueryState query={cuts}>
        {(c) =>
          c.learners.length === 0 ? (
            <p className="text-sm text-slate-700">{t('admin.analytics.cutsNone')}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{t('admin.analytics.cuts')}</caption>
                <thead className="text-slate-600">
                  <tr>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      {t('admin.analytics.cutsLearner')}
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      {t('admin.analytics.cutsSaves')}
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      {t('admin.analytics.cutsSeconds')}
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      {t('admin.analytics.cutsLast')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {c.learners.map((l) => (
                    <tr key={l.userId}>
                      <td className="py-2 pr-3">
                        <Link to={`/admin/users/${l.userId}`} className={`${textLink} wrap-anywhere`}>
                          {l.name || l.email}
                        </Link>
                        {l.name && <span className="block wrap-anywhere text-slate-600">{l.email}</span>}
                      </td>
                      <td className="py-2 pr-3 text-right tabular-nums">{num(l.savesCut)}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{clock(l.secondsCut)}</td>
                      <td className="py-2">{date(l.lastCutAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
    </Card>
  );
}
