import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Form } from '../../../components/ui/Form';
import { useAdminI18n } from '../i18n';
import type { TableControls } from '../lib/table-params';

export interface FilterField {
  key: string;
  label: string;
  /** A choice list instead of free text; the first option should be "all" with value ''. */
  options?: { value: string; label: string }[];
  /** A day (the browser's date picker, YYYY-MM-DD) instead of free text. */
  type?: 'date';
}

/** Text or choice filters of a table, applied together (and written to the URL) on submit. */
export function FilterForm({ controls, fields }: { controls: TableControls; fields: FilterField[] }) {
  const { t } = useAdminI18n();
  const current = controls.params.filters;
  const [values, setValues] = useState<Partial<Record<string, string>>>(current);
  const [seen, setSeen] = useState(current);
  if (seen !== current) {
    setSeen(current);
    setValues(current);
  }
  const input =
    'min-h-11 rounded-lg border border-slate-300 bg-white px-3 focus:outline-3 focus:outline-teal-600';
  return (
    <Form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        controls.setFilters(
          Object.fromEntries(fields.map((f) => [f.key, values[f.key]?.trim() || undefined])),
        );
      }}
    >
      {fields.map((f) => (
        <label key={f.key} className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          {f.label}
          {f.options ? (
            <select
              value={values[f.key] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
              className={input}
            >
              {f.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              type={f.type ?? 'text'}
              value={values[f.key] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
              className={`${input} w-48 max-w-full font-normal`}
            />
          )}
        </label>
      ))}
      <Button type="submit" variant="secondary">
        {t('admin.filter.apply')}
      </Button>
      {Object.keys(current).length > 0 && (
        <Button
          type="button"
          variant="ghost"
          onClick={() => controls.setFilters(Object.fromEntries(fields.map((f) => [f.key, undefined])))}
        >
          {t('admin.filter.clear')}
        </Button>
      )}
    </Form>
  );
}
