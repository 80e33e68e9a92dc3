import type { AdminOrganizationDetail } from '@rianroo/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Form } from '../../../components/ui/Form';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import { useCourseOptions, useSetCourses } from './orgs-api';

const toggle = (list: string[], id: string, on: boolean) =>
  on ? (list.includes(id) ? list : [...list, id]) : list.filter((x) => x !== id);

/** The courses an organisation grants its members and those it recommends: one row a course, two boxes. */
export function CoursesCard({ org }: { org: AdminOrganizationDetail }) {
  const { t, siteT } = useAdminI18n();
  const options = useCourseOptions();
  const save = useSetCourses(org.id);
  const write = useAdminWrite();
  const ids = (l: { id: string }[]) => l.map((c) => c.id);
  const [grants, setGrants] = useState(() => ids(org.grants));
  const [picks, setPicks] = useState(() => ids(org.picks));
  return (
    <Card title={t('admin.orgs.courses')}>
      {options.isPending ? (
        <Spinner label={siteT('common.loading')} />
      ) : (
        <Form
          onSubmit={(e) => {
            e.preventDefault();
            write(save.mutateAsync({ grants, picks }), t('admin.orgs.coursesSaved')).catch(() => {});
          }}
        >
          <div className="max-h-96 overflow-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('admin.orgs.courses')}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-600">
                  <th scope="col" className="py-2 pr-3">
                    {t('admin.orgs.course')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('admin.orgs.grant')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('admin.orgs.pick')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {(options.data ?? []).map((c) => (
                  <tr key={c.id} className="border-b border-slate-100">
                    <th scope="row" className="py-2 pr-3 font-normal">
                      {c.title}
                    </th>
                    <td className="px-3 py-2">
                      <input
                        type="checkbox"
                        className="h-5 w-5 accent-teal-700"
                        aria-label={t('admin.orgs.grantOf', { course: c.title })}
                        checked={grants.includes(c.id)}
                        onChange={(e) => setGrants(toggle(grants, c.id, e.target.checked))}
                      />
                    </td>
                    <td className="px-3 py-2">
                      <input
                        type="checkbox"
                        className="h-5 w-5 accent-teal-700"
                        aria-label={t('admin.orgs.pickOf', { course: c.title })}
                        checked={picks.includes(c.id)}
                        onChange={(e) => setPicks(toggle(picks, c.id, e.target.checked))}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Button type="submit" className="mt-4" busy={save.isPending}>
            {t('admin.orgs.saveCourses')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
