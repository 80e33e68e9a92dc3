import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Form } from '../../../components/ui/Form';
import { useAdminI18n } from '../i18n';

/** A search field that asks the server on submit (Enter or the button), not on every key. */
export function SearchBox({
  label,
  value,
  onSearch,
}: {
  label: string;
  value: string;
  onSearch: (q: string) => void;
}) {
  const { t } = useAdminI18n();
  const id = useId();
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    // The URL changed (Back, a link): show its search.
    setSeen(value);
    setText(value);
  }
  return (
    <Form
      role="search"
      className="flex items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text);
      }}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <input
          id={id}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="min-h-11 w-64 max-w-full rounded-lg border border-slate-300 bg-white px-3 focus:outline-3 focus:outline-teal-600"
        />
      </div>
      <Button type="submit" variant="secondary">
        {t('admin.table.search')}
      </Button>
    </Form>
  );
}
