import { SubscribeLink } from '../../../components/SubscribeLink';
import { Link } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { Icon } from './Icon';

/** In place of the video of a locked episode: what it is and the way to subscribe. */
export function LockedPanel({ slug }: { slug: string }) {
  const { t } = useI18n();
  return (
    <section
      aria-labelledby="locked-title"
      className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-xl bg-slate-900 p-4 text-center text-white sm:gap-3 sm:p-6"
    >
      <Icon name="lock" className="size-8 sm:size-10" />
      <h2 id="locked-title" className="text-lg font-semibold sm:text-xl">
        {t('player.lockedTitle')}
      </h2>
      <p className="max-w-md text-sm text-slate-200 sm:text-base">{t('player.lockedText')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <SubscribeLink className="inline-flex min-h-11 items-center rounded-lg bg-amber-400 px-5 font-semibold text-slate-900 hover:bg-amber-300 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white" />
        <Link
          to={`/courses/${slug}`}
          className="inline-flex min-h-11 items-center rounded-lg border border-white/60 px-5 hover:bg-white/10 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {t('player.aboutCourse')}
        </Link>
      </div>
    </section>
  );
}
