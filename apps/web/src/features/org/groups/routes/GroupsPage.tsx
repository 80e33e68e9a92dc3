import type { OrgGroup, OrgPerson } from '@rianroo/contract';
import { useState, type ReactNode } from 'react';
import { RetryAlert } from '../../../../components/RetryAlert';
import { Button } from '../../../../components/ui/Button';
import { Form } from '../../../../components/ui/Form';
import { Alert, Card } from '../../../../components/ui/Card';
import { Dialog } from '../../../../components/ui/Dialog';
import { PageLoading } from '../../../../components/ui/Spinner';
import { TextField } from '../../../../components/ui/TextField';
import { useNotice } from '../../components/use-notice';
import { useAssignI18n } from '../../i18n/use-assign-i18n';
import {
  useAddGroupMembers,
  useCreateGroup,
  useDeleteGroup,
  useGroupMembers,
  useGroups,
  useRemoveGroupMember,
  useRenameGroup,
} from '../api/groups';
import { PeoplePicker } from '../components/PeoplePicker';

/** The console's groups: create, rename, delete, and each group's members added by search or taken out. */
export default function GroupsPage({ orgId }: { orgId: string }) {
  const { t } = useAssignI18n();
  const groups = useGroups(orgId);
  const create = useCreateGroup(orgId);
  const [name, setName] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const { notice, run } = useNotice();
  const selected = groups.data?.find((g) => g.id === open);
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('org.groups.title')}</h1>
        <p className="mt-1 text-slate-600">{t('org.groups.lead')}</p>
      </header>
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      <Card title={t('org.groups.create')}>
        <GroupNameForm
          name={name}
          onName={setName}
          busy={create.isPending}
          submit={t('org.groups.create')}
          onSubmit={() =>
            run(create.mutateAsync(name), t('org.groups.created'))
              .then(() => setName(''))
              .catch(() => {})
          }
        />
      </Card>
      {groups.isPending ? (
        <PageLoading label={t('org.common.loading')} />
      ) : groups.isError ? (
        <RetryAlert error={groups.error} onRetry={() => groups.refetch()} />
      ) : groups.data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
          {t('org.groups.empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('org.groups.title')}>
          {groups.data.map((g) => (
            <GroupRow
              key={g.id}
              orgId={orgId}
              group={g}
              open={open === g.id}
              onOpen={() => setOpen(open === g.id ? null : g.id)}
              run={run}
            />
          ))}
        </ul>
      )}
      {selected && <GroupMembers orgId={orgId} group={selected} run={run} />}
    </div>
  );
}

type Run = ReturnType<typeof useNotice>['run'];

/** A group's name and its submit button (creating one, or renaming one with a cancel button as `children`). */
function GroupNameForm({
  name,
  onName,
  busy,
  submit,
  onSubmit,
  children,
}: {
  name: string;
  onName: (name: string) => void;
  busy: boolean;
  submit: string;
  onSubmit: () => void;
  children?: ReactNode;
}) {
  const { t } = useAssignI18n();
  return (
    <Form
      className="flex min-w-0 flex-1 flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <div className="min-w-0 flex-1 basis-48">
        <TextField
          label={t('org.groups.name')}
          required
          maxLength={100}
          value={name}
          onChange={(e) => onName(e.target.value)}
        />
      </div>
      <Button type="submit" busy={busy}>
        {submit}
      </Button>
      {children}
    </Form>
  );
}

function GroupRow({
  orgId,
  group,
  open,
  onOpen,
  run,
}: {
  orgId: string;
  group: OrgGroup;
  open: boolean;
  onOpen: () => void;
  run: Run;
}) {
  const { t } = useAssignI18n();
  const rename = useRenameGroup(orgId);
  const remove = useDeleteGroup(orgId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [name, setName] = useState(group.name);
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4">
      {editing ? (
        <GroupNameForm
          name={name}
          onName={setName}
          busy={rename.isPending}
          submit={t('org.common.save')}
          onSubmit={() =>
            run(rename.mutateAsync({ groupId: group.id, name }), t('org.groups.renamed'))
              .then(() => setEditing(false))
              .catch(() => {})
          }
        >
          <Button type="button" variant="secondary" onClick={() => setEditing(false)}>
            {t('org.common.cancel')}
          </Button>
        </GroupNameForm>
      ) : (
        <>
          <div className="min-w-0 flex-1">
            <p className="font-semibold wrap-anywhere text-slate-900">{group.name}</p>
            <p className="text-sm text-slate-600">{t('org.groups.members', { n: group.memberCount })}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant={open ? 'primary' : 'secondary'}
              aria-expanded={open}
              aria-label={t('org.groups.open', { name: group.name })}
              onClick={onOpen}
            >
              {t('org.assign.people')}
            </Button>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              {t('org.groups.rename')}
            </Button>
            <Button variant="danger" onClick={() => setConfirming(true)}>
              {t('org.groups.delete')}
            </Button>
          </div>
        </>
      )}
      {confirming && (
        <Dialog title={t('org.groups.delete')} onClose={() => setConfirming(false)}>
          <p className="wrap-anywhere">{t('org.groups.deleteConfirm', { name: group.name })}</p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button
              busy={remove.isPending}
              onClick={() =>
                run(remove.mutateAsync(group.id), t('org.groups.deleted'))
                  .catch(() => {})
                  .finally(() => setConfirming(false))
              }
            >
              {t('org.common.confirm')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('org.common.cancel')}
            </Button>
          </div>
        </Dialog>
      )}
    </li>
  );
}

function GroupMembers({ orgId, group, run }: { orgId: string; group: OrgGroup; run: Run }) {
  const { t } = useAssignI18n();
  const members = useGroupMembers(orgId, group.id);
  const add = useAddGroupMembers(orgId, group.id);
  const remove = useRemoveGroupMember(orgId, group.id);
  const [picked, setPicked] = useState<OrgPerson[]>([]);
  return (
    <Card title={t('org.groups.membersOf', { name: group.name })}>
      <p className="mb-3 text-sm text-slate-600">{t('org.groups.laterNote')}</p>
      <Form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!picked.length) return;
          run(add.mutateAsync(picked.map((p) => p.id)), t('org.groups.added'))
            .then(() => setPicked([]))
            .catch(() => {});
        }}
      >
        <PeoplePicker
          orgId={orgId}
          picked={picked}
          onChange={setPicked}
          exclude={(members.data ?? []).map((m) => m.id)}
        />
        <div>
          <Button type="submit" busy={add.isPending} disabled={!picked.length}>
            {t('org.groups.add')}
          </Button>
        </div>
      </Form>
      <div className="mt-4">
        {members.isPending ? (
          <PageLoading label={t('org.common.loading')} />
        ) : members.isError ? (
          <RetryAlert error={members.error} onRetry={() => members.refetch()} />
        ) : members.data.length === 0 ? (
          <p className="text-slate-600">{t('org.groups.noMembers')}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {members.data.map((m) => (
              <li key={m.id} className="flex flex-wrap items-center gap-2 py-2">
                <div className="min-w-0 flex-1">
                  <p className="font-medium wrap-anywhere">{m.name || m.email}</p>
                  <p className="text-sm wrap-anywhere text-slate-600">{m.email}</p>
                </div>
                <Button
                  variant="secondary"
                  aria-label={t('org.groups.removeOf', { name: m.name || m.email })}
                  onClick={() => run(remove.mutateAsync(m.id), t('org.groups.removed')).catch(() => {})}
                >
                  {t('org.groups.remove')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
