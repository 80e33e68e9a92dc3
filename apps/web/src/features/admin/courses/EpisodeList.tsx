import type { AdminCourse } from '@rianroo/contract';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Form } from '../../../components/ui/Form';
import { textLink } from '../../../components/ui/link-styles';
import { TextField } from '../../../components/ui/TextField';
import { useReorder } from '../components/use-reorder';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import { useAddEpisode, useOrder } from './courses-api';
import { VideoStatus } from './VideoStatus';

/** The episodes in order, each moved up or down by a button (keyboard and screen readers alike). */
export function EpisodeList({ course }: { course: AdminCourse }) {
  const { t } = useAdminI18n();
  const order = useOrder(course.id);
  const add = useAddEpisode(course.id);
  const write = useAdminWrite();
  const [title, setTitle] = useState('');
  const moveButtons = useReorder(course.episodes, order, ({ title }, n) =>
    t('admin.episodes.moved', { title, n }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    write(add.mutateAsync(title), t('admin.episodes.added')).then(
      () => setTitle(''),
      () => {},
    );
  };
  return (
    <section aria-labelledby="episodes" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="episodes" className="text-lg font-semibold text-slate-900">
        {t('admin.episodes.title')}
      </h2>
      {course.episodes.length === 0 && <p className="mt-2 text-slate-600">{t('admin.episodes.empty')}</p>}
      <ol className="mt-3 flex flex-col gap-2">
        {course.episodes.map((e, i) => (
          <li key={e.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 p-3">
            <span className="w-8 text-slate-500">{e.sort}.</span>
            <div className="min-w-0 flex-1">
              <Link to={`/admin/courses/${course.id}/episodes/${e.id}`} className={`${textLink} break-words`}>
                {e.title}
              </Link>
              <VideoStatus state={e.video} className="text-sm" />
              {!e.published && <p className="text-sm text-amber-800">{t('admin.episodes.hidden')}</p>}
            </div>
            {moveButtons(i, {
              up: t('admin.episodes.up', { title: e.title }),
              down: t('admin.episodes.down', { title: e.title }),
            })}
          </li>
        ))}
      </ol>
      <Form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3">
        <TextField
          className="min-w-60 flex-1"
          label={t('admin.episodes.newTitle')}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          required
        />
        <Button type="submit" busy={add.isPending}>
          {t('admin.episodes.add')}
        </Button>
      </Form>
    </section>
  );
}
