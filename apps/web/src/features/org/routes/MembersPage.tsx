import { orgJoinedBy, type OrgMember, type OrgMemberQuery } from '@rianroo/contract';
import { useId, useState } from 'react';
import { RetryAlert } from '../../../components/RetryAlert';
import { Button } from '../../../components/ui/Button';
import { Form } from '../../../components/ui/Form';
import { Alert } from '../../../components/ui/Card';
import { PageLoading } from '../../../components/ui/Spinner';
import { TextField } from '../../../components/ui/TextField';
import { useMembers, useOverview, useRemoveMember } from '../api/org-api';
import { ConfirmAction } from '../components/ConfirmAction';
import { ExportButtons } from '../components/ExportButtons';
import { Select } from '../components/Select';
import { useNotice } from '../components/use-notice';
import { useOrgI18n, type OrgKey } from '../i18n/use-org-i18n';

type Filters = Pick<OrgMemberQuery, 'sort'> & Partial<Pick<OrgMemberQuery, 'q' | 'joinedBy' | 'status'>>;
const SORTS = ['name', 'email', 'joinedAt', 'lastActivity'] as const;
const PAGE_SIZE = 20;

/** The members with their learning: searched, filtered, sorted, a page at a time; each removable. */
export default function MembersPage({ orgId }: { orgId: string }) {
  const { t, siteT, num } = useOrgI18n();
  const [draft, setDraft] = useState<Filters>({ sort: 'name' });
  const [filters, setFilters] = useState<Filters>({ sort: 'name' });
  const [page, setPage] = useState(1);
  const query = {
    ...filters,
    page,
    pageSize: PAGE_SIZE,
    order: filters.sort === 'name' || filters.sort === 'email' ? 'asc' : 'desc',
  } as const;
  const members = useMembers(orgId, query);
  // Whether the organisation has seats: then each member is shown holding one or waiting for one.
  const hasSeats = !!useOverview(orgId).data?.seatPool;
  const remove = useRemoveMember(orgId);
  const { notice, run } = useNotice();
  const pages = Math.max(1, Math.ceil((members.data?.total ?? 0) / PAGE_SIZE));
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-slate-900">{t('org.members.title')}</h1>
      <Form
        role="search"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters(draft);
          setPage(1);
        }}
      >
        <TextField
          type="search"
          label={t('org.members.search')}
          value={draft.q ?? ''}
          onChange={(e) => setDraft({ ...draft, q: e.target.value || undefined })}
        />
        <Select
          label={t('org.members.joinedBy')}
          value={draft.joinedBy ?? ''}
          onChange={(v) => setDraft({ ...draft, joinedBy: (v || undefined) as Filters['joinedBy'] })}
          options={[
            ['', t('org.members.any')],
            ...orgJoinedBy.options.map((o) => [o, t(`org.joinedBy.${o}` as OrgKey)] as const),
          ]}
        />
        <Select
          label={t('org.members.status')}
          value={draft.status ?? ''}
          onChange={(v) => setDraft({ ...draft, status: (v || undefined) as Filters['status'] })}
          options={[
            ['', t('org.members.any')],
            ['overdue', t('org.members.overdue')],
            ['completed', t('org.members.completed')],
          ]}
        />
        <Select
          label={t('org.members.sort')}
          value={draft.sort}
          onChange={(v) => setDraft({ ...draft, sort: v as Filters['sort'] })}
          options={SORTS.map((s) => [s, t(`org.members.sort.${s}`)] as const)}
        />
        <div>
          <Button type="submit">{t('org.members.apply')}</Button>
        </div>
      </Form>
      <ExportButtons
        orgId={orgId}
        query={{ q: filters.q, joinedBy: filters.joinedBy, status: filters.status }}
      />
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      {members.isPending ? (
        <PageLoading label={siteT('common.loading')} />
      ) : members.isError ? (
        <RetryAlert error={members.error} onRetry={() => void members.refetch()} />
      ) : !members.data.items.length ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">
          {t('org.members.empty')}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {t('org.members.total', { n: num(members.data.total) })}
          </p>
          <ul className="flex flex-col gap-3">
            {members.data.items.map((m) => (
              <li key={m.id}>
                <MemberCard
                  member={m}
                  hasSeats={hasSeats}
                  onRemove={() => run(remove.mutateAsync(m.id), t('org.members.removed'))}
                />
              </li>
            ))}
          </ul>
          <nav
            className="flex flex-wrap items-center gap-3"
            aria-label={t('org.members.page', { page, pages })}
          >
            <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('org.members.prev')}
            </Button>
            <span className="text-sm text-slate-700">{t('org.members.page', { page, pages })}</span>
            <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t('org.members.next')}
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}

function MemberCard({
  member: m,
  hasSeats,
  onRemove,
}: {
  member: OrgMember;
  hasSeats: boolean;
  onRemove: () => Promise<unknown>;
}) {
  const { t, date, num } = useOrgI18n();
  const heading = useId();
  return (
    <article aria-labelledby={heading} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={heading} className="font-semibold wrap-anywhere text-slate-900">
            {m.name}
            {m.isManager && (
              <span className="ml-2 rounded bg-teal-50 px-2 py-0.5 text-xs text-teal-900">
                {t('org.members.manager')}
              </span>
            )}
            {hasSeats && (
              <span
                className={`ml-2 rounded px-2 py-0.5 text-xs ${m.hasSeat ? 'bg-sky-50 text-sky-900' : 'bg-amber-50 text-amber-900'}`}
              >
                {t(m.hasSeat ? 'org.members.seat' : 'org.members.waiting')}
              </span>
            )}
          </h2>
          <p className="text-sm wrap-anywhere text-slate-600">{m.email}</p>
          {m.contact && (
            <p className="text-sm wrap-anywhere text-slate-600">{t('org.members.contact', m.contact)}</p>
          )}
        </div>
        <ConfirmAction
          label={t('org.members.remove')}
          accessibleLabel={t('org.members.removeOf', { name: m.name })}
          body={t('org.members.removeConfirm', { name: m.name })}
          onConfirm={onRemove}
        />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-500">{t('org.members.joined')}</dt>
          <dd>
            {m.joinedAt ? date(m.joinedAt) : '—'}
            {m.joinedBy && (
              <span className="block text-xs text-slate-500">{t(`org.joinedBy.${m.joinedBy}`)}</span>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('org.members.lastActivity')}</dt>
          <dd>{m.lastActivityAt ? date(m.lastActivityAt) : t('org.members.never')}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('org.members.tests')}</dt>
          <dd>{num(m.testsPassed)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('org.members.certificates')}</dt>
          <dd>{num(m.certificates)}</dd>
        </div>
        <div className="col-span-2 sm:col-span-4">
          <dt className="text-slate-500">{t('org.members.courses')}</dt>
          <dd>
            {!m.courses.length ? (
              t('org.members.noCourses')
            ) : (
              <ul className="mt-1 flex flex-col gap-2">
                {m.courses.map((c) => (
                  <li key={c.courseId} className="flex flex-col gap-1">
                    <span className="wrap-anywhere">
                      {c.title} ·{' '}
                      {c.completed ? (
                        <strong className="text-emerald-800">{t('org.members.done')}</strong>
                      ) : (
                        `${num(c.progress)}%`
                      )}
                      {c.dueAt && ` · ${t('org.members.due', { date: date(c.dueAt) })}`}
                      {c.overdue && <strong className="ml-1 text-red-700">{t('org.members.late')}</strong>}
                    </span>
                    <progress
                      className="h-2 w-full accent-teal-700"
                      max={100}
                      value={c.progress}
                      aria-label={c.title}
                    />
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
    </article>
  );
}
