import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import { useAddInstructor, useInstructors } from './courses-api';

/**
 * Who teaches the course (the course page shows them): a box per instructor, and a way to add one who is not
 * listed yet (checked at once). The course's Save sends the choice.
 */
export function InstructorsField({
  value,
  onChange,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  const { t } = useAdminI18n();
  const id = useId();
  const instructors = useInstructors();
  const add = useAddInstructor();
  const write = useAdminWrite();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const toggle = (iid: string, on: boolean) =>
    onChange(on ? [...value, iid] : value.filter((x) => x !== iid));
  const addOne = () => {
    if (!name.trim() || !slug.trim()) return;
    write(
      add.mutateAsync({ name: name.trim(), slug: slug.trim(), headline: '', bio: '' }),
      t('admin.course.instructorAdded'),
    )
      .then((added) => {
        onChange([...value, added.id]);
        setName('');
        setSlug('');
      })
      .catch(() => {});
  };
  const items = instructors.data?.items ?? [];
  return (
    <fieldset className="flex flex-col gap-2 md:col-span-2">
      <legend className="text-sm font-medium text-slate-800">{t('admin.course.instructors')}</legend>
      {instructors.isPending ? (
        <p className="text-sm text-slate-600">{t('admin.course.instructorsLoading')}</p>
      ) : instructors.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('admin.course.instructorsError')}{' '}
          <button type="button" className="underline" onClick={() => void instructors.refetch()}>
            {t('admin.table.retry')}
          </button>
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('admin.course.noInstructors')}</p>
      ) : (
        <ul className="flex flex-wrap gap-x-5">
          {items.map((i) => (
            <li key={i.id}>
              <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="size-5 accent-teal-700"
                  checked={value.includes(i.id)}
                  onChange={(e) => toggle(i.id, e.target.checked)}
                />
                <span>
                  {i.name}
                  {i.headline && <span className="block text-xs text-slate-600">{i.headline}</span>}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <details className="rounded-lg border border-slate-200 p-3">
        <summary className="cursor-pointer text-sm font-medium text-teal-800">
          {t('admin.course.addInstructor')}
        </summary>
        <div className="mt-2 grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end" id={`${id}-add`}>
          <TextField
            label={t('admin.course.instructorName')}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <TextField
            label={t('admin.course.instructorSlug')}
            value={slug}
            onChange={(e) => setSlug(e.target.value)}
          />
          <Button
            type="button"
            variant="secondary"
            busy={add.isPending}
            disabled={!name.trim() || !slug.trim()}
            onClick={addOne}
          >
            {t('admin.course.addInstructorButton')}
          </Button>
        </div>
      </details>
    </fieldset>
  );
}
