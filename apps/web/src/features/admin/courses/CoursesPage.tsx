import type { AdminCourseRow } from '@rianroo/contract';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Form } from '../../../components/ui/Form';
import { textLink } from '../../../components/ui/link-styles';
import { TextField } from '../../../components/ui/TextField';
import { AdminPage } from '../components/AdminPage';
import { DataTable, type AdminColumn } from '../components/DataTable';
import { FilterForm } from '../components/FilterForm';
import { useAdminI18n } from '../i18n';
import { useTableParams } from '../lib/table-params';
import { useAdminWrite } from '../lib/use-admin-write';
import { courseFilters, STATUSES, useCourses, useCreateCourse } from './courses-api';

const SORTABLE = ['updatedAt', 'title', 'status'] as const;

/** /admin/courses: every course, searched, filtered by status, sorted; a form to start a new one. */
export default function CoursesPage() {
  const { t, num, date } = useAdminI18n();
  const controls = useTableParams({ sort: 'updatedAt', sortable: SORTABLE }, courseFilters);
  const query = useCourses(controls.params);
  const columns = useMemo<AdminColumn<AdminCourseRow>[]>(
    () => [
      {
        id: 'title',
        header: t('admin.courses.name'),
        meta: { sortable: true },
        cell: ({ row }) => (
          <Link to={`/admin/courses/${row.original.id}`} className={textLink}>
            {row.original.title}
          </Link>
        ),
      },
      {
        id: 'status',
        header: t('admin.courses.status'),
        meta: { sortable: true },
        cell: ({ row }) => t(`admin.courses.status.${row.original.status}`),
      },
      {
        id: 'episodes',
        header: t('admin.courses.episodes'),
        cell: ({ row }) => `${num(row.original.episodeCount)} (${num(row.original.readyCount)})`,
      },
      {
        id: 'updatedAt',
        header: t('admin.courses.updated'),
        meta: { sortable: true },
        cell: ({ row }) => date(row.original.updatedAt),
      },
    ],
    [t, num, date],
  );
  return (
    <AdminPage title={t('admin.courses.title')} lead={t('admin.courses.lead')}>
      <NewCourse />
      <DataTable
        caption={t('admin.courses.title')}
        columns={columns}
        query={query}
        controls={controls}
        search={t('admin.courses.search')}
        rowKey={(r) => r.id}
        filters={
          <FilterForm
            controls={controls}
            fields={[
              {
                key: 'status',
                label: t('admin.courses.status'),
                options: [
                  { value: '', label: t('admin.courses.allStatuses') },
                  ...STATUSES.map((s) => ({ value: s, label: t(`admin.courses.status.${s}`) })),
                ],
              },
            ]}
          />
        }
      />
    </AdminPage>
  );
}

function NewCourse() {
  const { t } = useAdminI18n();
  const create = useCreateCourse();
  const write = useAdminWrite();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    write(create.mutateAsync({ title, slug }), t('admin.courses.created')).then(
      (c) => navigate(`/admin/courses/${c.id}`),
      () => {},
    );
  };
  return (
    <section aria-labelledby="new-course" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="new-course" className="text-lg font-semibold text-slate-900">
        {t('admin.courses.new')}
      </h2>
      <Form onSubmit={submit} className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <TextField
          label={t('admin.courses.name')}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          required
        />
        <TextField
          label={t('admin.course.slug')}
          value={slug}
          onChange={(e) => setSlug(e.target.value)}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          required
        />
        <Button type="submit" busy={create.isPending}>
          {t('admin.courses.create')}
        </Button>
      </Form>
    </section>
  );
}
