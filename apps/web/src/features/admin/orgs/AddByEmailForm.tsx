import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Form } from '../../../components/ui/Form';
import { TextField } from '../../../components/ui/TextField';
import { useAdminI18n, type AdminKey } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';

/**
 * Adds a person to an organisation by their account's e-mail (a member, a manager): the field empties once added;
 * a refusal is said by the console's write (a toast) and keeps what was typed.
 */
export function AddByEmailForm({
  label,
  added,
  add,
  busy,
  className = '',
}: {
  label: AdminKey;
  added: AdminKey;
  add: (email: string) => Promise<unknown>;
  busy: boolean;
  className?: string;
}) {
  const { t } = useAdminI18n();
  const write = useAdminWrite();
  const [email, setEmail] = useState('');
  return (
    <Form
      className={`flex flex-wrap items-end gap-3 ${className}`}
      onSubmit={(e) => {
        e.preventDefault();
        write(add(email), t(added))
          .then(() => setEmail(''))
          .catch(() => {});
      }}
    >
      <TextField
        type="email"
        required
        label={t(label)}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Button type="submit" variant="secondary" busy={busy}>
        {t('admin.orgs.add')}
      </Button>
    </Form>
  );
}
