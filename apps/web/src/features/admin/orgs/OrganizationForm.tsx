import type { AdminOrganizationDetail, OrganizationBody } from '@rianroo/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { Form } from '../../../components/ui/Form';
import { TextField } from '../../../components/ui/TextField';
import { CheckField, TextArea } from '../components/Fields';
import { useAdminI18n } from '../i18n';

const initial = (o?: AdminOrganizationDetail) => ({
  name: o?.name ?? '',
  requiresContact: o?.requiresContact ?? false,
  inviteCode: o?.inviteCode ?? '',
  ssoProvider: o?.ssoProvider ?? '',
  domains: o?.emailDomains.join('\n') ?? '',
});

/**
 * An organisation's own fields. Saving sends what the form shows; an edit carries the version it was read
 * at, so a change another administrator made meanwhile is refused (EDIT_CONFLICT) rather than overwritten.
 */
export function OrganizationForm({
  org,
  submit,
  label,
  busy,
}: {
  org?: AdminOrganizationDetail;
  submit: (body: OrganizationBody) => Promise<unknown>;
  label: string;
  busy: boolean;
}) {
  const { t } = useAdminI18n();
  const [v, setV] = useState(() => initial(org));
  const [seen, setSeen] = useState(org?.version);
  if (org && org.version !== seen) {
    setSeen(org.version);
    setV(initial(org));
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit({
      name: v.name,
      requiresContact: v.requiresContact,
      inviteCode: v.inviteCode.trim(),
      ssoProvider: v.ssoProvider.trim(),
      emailDomains: v.domains
        .split(/[\s,]+/)
        .map((d) => d.trim())
        .filter(Boolean),
    }).catch(() => {});
  };
  return (
    <Form className="flex flex-col gap-4" onSubmit={onSubmit}>
      <TextField
        label={t('admin.orgs.name')}
        value={v.name}
        required
        minLength={2}
        onChange={(e) => setV({ ...v, name: e.target.value })}
      />
      <TextArea
        label={t('admin.orgs.domains')}
        hint={t('admin.orgs.domainsHint')}
        value={v.domains}
        onChange={(e) => setV({ ...v, domains: e.target.value })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('admin.orgs.inviteCode')}
          value={v.inviteCode}
          onChange={(e) => setV({ ...v, inviteCode: e.target.value })}
        />
        <TextField
          label={t('admin.orgs.sso')}
          value={v.ssoProvider}
          onChange={(e) => setV({ ...v, ssoProvider: e.target.value })}
        />
      </div>
      <CheckField
        label={t('admin.orgs.requiresContact')}
        checked={v.requiresContact}
        onChange={(requiresContact) => setV({ ...v, requiresContact })}
      />
      <div>
        <Button type="submit" busy={busy}>
          {label}
        </Button>
      </div>
    </Form>
  );
}
