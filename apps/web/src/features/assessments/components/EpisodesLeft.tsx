import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/Spinner';
import { textLink } from '../../../components/ui/link-styles';
import { episodesQuery } from '../../../lib/course-episodes';
import { useI18n } from '../../../lib/i18n';
import { episodesLeft, useWatched } from '../../../lib/watched-episodes';

/** Why the post-test is not open yet: the episodes still to watch, each a link. */
export function EpisodesLeft({ slug, courseId }: { slug: string; courseId: string }) {
  const { t } = useI18n();
  const list = useQuery(episodesQuery(courseId));
  const watched = useWatched(courseId);
  const left = list.data && watched.data ? episodesLeft(list.data.episodes, watched.data) : null;
  return (
    <section aria-labelledby="prereq" className="rounded-2xl border border-amber-200 bg-amber-50 p-5">
      <h2 id="prereq" className="font-semibold text-amber-950">
        {t('assess.prereqTitle')}
      </h2>
      {!left ? (
        <Spinner small label={t('common.loading')} />
      ) : (
        left.length > 0 && (
          <>
            <p className="mt-1 text-amber-950">{t('assess.prereqLead', { n: left.length })}</p>
            <ul className="mt-2 flex flex-col gap-1">
              {left.map((e) => (
                <li key={e.id}>
                  <Link
                    to={`/library/course/${encodeURIComponent(slug)}/episode/${e.id}`}
                    className={textLink}
                  >
                    {t('assess.episodeNo', { n: e.sort })}: {e.title}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )
      )}
    </section>
  );
}

/** Whether the post-test is still closed for this learner (null while it is not known yet). */
export function usePostTestClosed(courseId: string, enabled: boolean): boolean | null {
  const list = useQuery({ ...episodesQuery(courseId), enabled });
  const watched = useWatched(enabled ? courseId : undefined);
  if (!enabled) return false;
  if (!list.data || !watched.data) return list.isError ? false : null;
  return episodesLeft(list.data.episodes, watched.data).length > 0;
}
