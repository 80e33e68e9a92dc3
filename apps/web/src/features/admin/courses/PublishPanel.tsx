import type { AdminCourse } from '@rianroo/contract';
import { Button } from '../../../components/ui/Button';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import { usePublish } from './courses-api';

/** Publish or unpublish; while something is half-done, the button is off and the reasons are listed. */
export function PublishPanel({ course }: { course: AdminCourse }) {
  const { t } = useAdminI18n();
  const publish = usePublish(course.id);
  const write = useAdminWrite();
  const published = course.status === 'published';
  const blocked = !published && course.publishBlockers.length > 0;
  return (
    <section aria-labelledby="publish" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="publish" className="sr-only">
        {t('admin.course.publish')}
      </h2>
      <Button
        variant={published ? 'secondary' : 'primary'}
        busy={publish.isPending}
        disabled={blocked}
        aria-describedby={blocked ? 'publish-blockers' : undefined}
        onClick={() =>
          write(
            publish.mutateAsync(!published),
            t(published ? 'admin.course.unpublished' : 'admin.course.published'),
          ).catch(() => {})
        }
      >
        {t(published ? 'admin.course.unpublish' : 'admin.course.publish')}
      </Button>
      {blocked && (
        <div id="publish-blockers" className="mt-3 text-sm text-slate-700">
          <p className="font-medium">{t('admin.course.cannotPublish')}</p>
          <ul className="mt-1 list-disc pl-5">
            {course.publishBlockers.map((b) => (
              <li key={`${b.reason}-${b.episodeId}`}>
                {t(`admin.course.blocker.${b.reason}`, { title: b.episodeTitle ?? '' })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
