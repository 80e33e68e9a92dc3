import type { CourseOutline } from '@rianroo/contract';
import { useCallback, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useOutletContext, useParams } from 'react-router';
import { Dialog } from '../../../components/ui/Dialog';
import { primaryLink, secondaryLink } from '../../../components/ui/link-styles';
import { usePlans } from '../../../lib/billing';
import { useI18n } from '../../../lib/i18n';
import { overlayPage } from '../../../lib/overlay-route';
import { TRIAL_START_PATH } from '../../../lib/trial-intent';
import { useLoggedIn } from '../../../lib/use-session';
import { PreviewPlayback } from '../components/PreviewPlayback';

/**
 * `/courses/:slug/preview/:episodeId`: a free preview, in a dialog over the course page (whose outline is
 * the outlet's context), for a visitor without an account; then the way on: the free trial, or the plans.
 * Escape, the close button and the browser's back close it; the focus goes back to the episode's button.
 * A signed-in learner watches in the learner's player instead, with progress.
 */
export default function PreviewDialog() {
  const { slug = '', episodeId = '' } = useParams();
  const outline = useOutletContext<CourseOutline | undefined>();
  const loggedIn = useLoggedIn();
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useI18n();
  const plans = usePlans();
  const closeButton = useRef<HTMLButtonElement>(null);
  const [ended, setEnded] = useState(false);
  const coursePath = `/courses/${slug}`;
  const openedFromPage = overlayPage(location.state) === coursePath;
  const close = useCallback(() => {
    // Opened from the course page: back to that very entry; opened by its address: to the course page.
    if (openedFromPage) navigate(-1);
    else navigate(coursePath, { replace: true });
  }, [navigate, openedFromPage, coursePath]);

  if (loggedIn) return <Navigate to={`/library/course/${slug}/episode/${episodeId}`} replace />;
  const episode = outline?.episodes.find((e) => e.id === episodeId);
  const trial = plans.data?.find((p) => p.interval === 'trial');
  return (
    <Dialog
      wide
      title={episode ? t('preview.title', { title: episode.title }) : t('preview.titleOnly')}
      onClose={close}
      initialFocus={closeButton}
    >
      {outline && <p className="mt-1 text-sm text-slate-600">{outline.course.title}</p>}
      <div className="mt-4">
        <PreviewPlayback
          key={episodeId}
          episodeId={episodeId}
          title={episode?.title ?? t('preview.titleOnly')}
          onPlay={() => setEnded(false)}
          onEnded={() => setEnded(true)}
        />
      </div>
      <p role="status" className={ended ? 'mt-3 font-medium text-teal-800' : 'sr-only'}>
        {ended ? t('preview.ended') : ''}
      </p>
      <section
        aria-labelledby="preview-offer"
        className={`mt-4 rounded-xl p-4 ${ended ? 'bg-amber-50 ring-2 ring-amber-400' : 'bg-slate-50'}`}
      >
        <h3 id="preview-offer" className="font-semibold text-slate-900">
          {t('preview.ctaTitle')}
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          {trial ? t('preview.ctaTrial', { days: trial.intervalCount }) : t('preview.ctaMembers')}
        </p>
        <div className="mt-3 flex flex-wrap gap-3">
          {trial && (
            <Link to={TRIAL_START_PATH} className={primaryLink}>
              {t('preview.startTrial')}
            </Link>
          )}
          <Link to="/pricing" className={trial ? secondaryLink : primaryLink}>
            {t('preview.seePlans')}
          </Link>
          <button
            ref={closeButton}
            type="button"
            onClick={close}
            className="inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 text-sm font-medium text-teal-800 hover:bg-teal-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
          >
            {t('preview.close')}
          </button>
        </div>
      </section>
    </Dialog>
  );
}
