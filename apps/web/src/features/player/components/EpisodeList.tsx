import type { AssessmentSummary } from '@rianroo/contract';
import { Link } from 'react-router';
import { clock } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import type { PlayerEpisode } from '../api/episodes';
import { isPreparing } from '../api/episodes';
import { Icon } from './Icon';
import { TestRow } from './TestRow';

/**
 * The course's episodes: watched ticks, lengths, teasers, locks; the current one highlighted. The pre-test
 * comes first, each episode's quiz under it, and the post-test last (closed until every episode it needs is
 * watched).
 */
export function EpisodeList({
  slug,
  episodes,
  currentId,
  watchedIds,
  courseDone,
  preTest = null,
  postTest = null,
}: {
  slug: string;
  episodes: PlayerEpisode[];
  currentId: string;
  watchedIds: Set<string>;
  courseDone: number | undefined;
  preTest?: AssessmentSummary | null;
  postTest?: AssessmentSummary | null;
}) {
  const { t } = useI18n();
  const left = episodes.filter((e) => !e.isTeaser && !watchedIds.has(e.id)).length;
  return (
    <section className="mt-8 lg:mt-0" aria-labelledby="episode-list">
      <h2 id="episode-list" className="text-lg font-semibold">
        {t('course.outline')}
      </h2>
      {courseDone !== undefined && (
        <p className="mt-1 text-sm text-slate-600">{t('player.courseDone', { n: Math.round(courseDone) })}</p>
      )}
      <ol className="mt-3 divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
        {preTest && (
          <li>
            <TestRow slug={slug} test={preTest} />
          </li>
        )}
        {episodes.map((e) => (
          <EpisodeRow
            key={e.id}
            slug={slug}
            e={e}
            current={e.id === currentId}
            watched={watchedIds.has(e.id)}
          />
        ))}
        {postTest && (
          <li>
            <TestRow
              slug={slug}
              test={postTest}
              closedBecause={
                left > 0 && !postTest.passed ? t('assess.list.postLocked', { n: left }) : undefined
              }
            />
          </li>
        )}
      </ol>
    </section>
  );
}

function EpisodeRow({
  slug,
  e,
  current,
  watched,
}: {
  slug: string;
  e: PlayerEpisode;
  current: boolean;
  watched: boolean;
}) {
  const { t } = useI18n();
  return (
    <li>
      <Link
        to={`/library/course/${slug}/episode/${e.id}`}
        aria-current={current ? 'page' : undefined}
        className={`flex items-start gap-3 px-3 py-3 text-sm hover:bg-slate-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-teal-600 ${current ? 'bg-teal-50 font-semibold' : ''}`}
      >
        <span
          className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-xs ${watched ? 'bg-emerald-700 text-white' : 'bg-slate-100 text-slate-700'}`}
        >
          {watched ? (
            <>
              <Icon name="check" className="size-4" />
              <span className="sr-only">{t('player.watched')}</span>
            </>
          ) : (
            e.sort
          )}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block break-words">{e.title}</span>
          <span className="mt-0.5 flex flex-wrap items-center gap-2 text-xs font-normal text-slate-600">
            <span>
              <span className="sr-only">{t('player.length')} </span>
              {clock(e.durationSeconds)}
            </span>
            {current && <span className="sr-only">{t('player.nowPlaying')}</span>}
            {e.isTeaser && (
              <span className="rounded-full bg-teal-100 px-2 py-0.5 font-medium text-teal-900">
                {t('course.teaser')}
              </span>
            )}
            {e.locked && (
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">
                <Icon name="lock" className="mr-1 inline size-3" />
                {t('course.locked')}
              </span>
            )}
            {!e.locked && isPreparing(e) && <span>{t('player.preparingShort')}</span>}
          </span>
        </span>
      </Link>
      {e.quiz && <TestRow slug={slug} test={e.quiz} nested />}
    </li>
  );
}
