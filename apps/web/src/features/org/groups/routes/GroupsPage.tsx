import type { OrgGroup, OrgPerson } from '@rianroo/contract';
import { useState } from 'react';
import { RetryAlert } from '../../../../components/RetryAlert';
import { Button } from '../../../../components/ui/Button';
import { Alert, Card } from '../../../../components/ui/Card';
import { Dialog } from '../../../../components/ui/Dialog';
import { PageLoading } from '../../../../components/ui/Spinner';
import { TextField } from '../../../../components/ui/TextField';
import { useErrorText } from '../../../../lib/forms';
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

type Notice = { kind: 'success' | 'error'; text: string } | null;

/** The console's groups: create, rename, delete, and each group's members added by search or taken out. */
export default function GroupsPage({ orgId }: { orgId: string }) {
  const { t } = useAssignI18n();
  const errorText = useErrorText();
  const groups = useGroups(orgId);
  const create = useCreateGroup(orgId);
  const [name, setName] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const run = (p: Promise<unknown>, done: string) =>
    p.then(
      () => setNotice({ kind: 'success', text: done }),
      (err: unknown) => {
        setNotice({ kind: 'error', text: errorText(err) });
        throw err;
      },
    );
  const selected = groups.data?.find((g) => g.id === open);
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('org.groups.title')}</h1>
        <p className="mt-1 text-slate-600">{t('org.groups.lead')}</p>
      </header>
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      <Card title={t('org.groups.create')}>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            run(create.mutateAsync(name), t('org.groups.created'))
              .then(() => setName(''))
              .catch(() => {});
          }}
        >
          <div className="min-w-0 flex-1 basis-56">
            <TextField
              label={t('org.groups.name')}
              required
              maxLength={100}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <Button type="submit" busy={create.isPending}>
            {t('org.groups.create')}
          </Button>
        </form>
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

type Run = (p: Promise<unknown>, done: string) => Promise<void>;

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
        <form
          className="flex min-w-0 flex-1 flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            run(rename.mutateAsync({ groupId: group.id, name }), t('org.groups.renamed'))
              .then(() => setEditing(false))
              .catch(() => {});
          }}
        >
          <div className="min-w-0 flex-1 basis-48">
            <TextField
              label={t('org.groups.name')}
              required
              maxLength={100}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <Button type="submit" busy={rename.isPending}>
            {t('org.common.save')}
          </Button>
          <Button type="button" variant="secondary" onClick={() => setEditing(false)}>
            {t('org.common.cancel')}
          </Button>
        </form>
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
      <form
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
      </form>
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
