import type { AdminCourse } from '@rianroo/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { Form } from '../../../components/ui/Form';
import { TextField } from '../../../components/ui/TextField';
import { useAdminI18n } from '../i18n';
import { InstructorsField } from './InstructorsField';
import { useAdminWrite } from '../lib/use-admin-write';
import { useCategories, useCover, useUpdateCourse } from './courses-api';

const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
const field = 'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base';

const initial = (course: AdminCourse) => ({
  title: course.title,
  slug: course.slug,
  subtitle: course.subtitle,
  description: course.description,
  level: course.level,
  categoryId: course.categoryId ?? '',
  tags: course.tags.join(', '),
  free: course.free,
  instructorIds: course.instructorIds,
});

/**
 * The course's own fields, tags, category and cover. Saving sends the version the form was read at, so a change
 * another administrator made meanwhile is refused (EDIT_CONFLICT, said in a toast) rather than overwritten; the
 * course is then read again and the form shows it as it is now (as the plan and promo code forms do).
 */
export function CourseForm({ course }: { course: AdminCourse }) {
  const { t } = useAdminI18n();
  const update = useUpdateCourse(course.id);
  const cover = useCover(course.id);
  const categories = useCategories();
  const write = useAdminWrite();
  const [v, setV] = useState(() => initial(course));
  const [seen, setSeen] = useState(course.version);
  if (course.version !== seen) {
    setSeen(course.version);
    setV(initial(course));
  }
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) =>
    setV({ ...v, [k]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const tags = v.tags
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    write(
      update.mutateAsync({ ...v, categoryId: v.categoryId || null, tags, version: seen }),
      t('admin.course.saved'),
    ).catch(() => {});
  };
  return (
    <section aria-labelledby="details" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="details" className="text-lg font-semibold text-slate-900">
        {t('admin.course.details')}
      </h2>
      <Form onSubmit={submit} className="mt-3 grid gap-3 md:grid-cols-2">
        <TextField label={t('admin.courses.name')} value={v.title} onChange={set('title')} required />
        <TextField label={t('admin.course.slug')} value={v.slug} onChange={set('slug')} required />
        <TextField label={t('admin.course.subtitle')} value={v.subtitle} onChange={set('subtitle')} />
        <TextField label={t('admin.course.tags')} value={v.tags} onChange={set('tags')} />
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          {t('admin.course.level')}
          <select className={field} value={v.level} onChange={set('level')}>
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                {t(`admin.course.level.${l}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          {t('admin.course.category')}
          <select className={field} value={v.categoryId} onChange={set('categoryId')}>
            <option value="">{t('admin.course.noCategory')}</option>
            {categories.data?.items.map((c) => (
              <option key={c.id} value={c.id}>
                {c.nameTh} / {c.nameEn}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800 md:col-span-2">
          {t('admin.course.description')}
          <textarea className={`${field} min-h-28`} value={v.description} onChange={set('description')} />
        </label>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            className="size-5"
            checked={v.free}
            onChange={(e) => setV({ ...v, free: e.target.checked })}
          />
          {t('admin.course.free')}
        </label>
        <InstructorsField
          value={v.instructorIds}
          onChange={(instructorIds) => setV({ ...v, instructorIds })}
        />
        <div className="md:col-span-2">
          <Button type="submit" busy={update.isPending}>
            {t('admin.course.save')}
          </Button>
        </div>
      </Form>
      <label className="mt-5 flex flex-col gap-1 text-sm font-medium text-slate-800">
        {t('admin.course.cover')}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="text-base"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) write(cover.mutateAsync(file), t('admin.course.coverSaved')).catch(() => {});
          }}
        />
      </label>
      {course.coverImage && (
        <img
          src={course.coverImage}
          alt=""
          className="mt-3 aspect-video w-full max-w-sm rounded-lg object-cover"
        />
      )}
    </section>
  );
}
