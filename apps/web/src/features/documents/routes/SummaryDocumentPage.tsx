import { SubscribeLink } from '../../../components/SubscribeLink';
import { summaryPdfFilename, type CourseSummary } from '@rianroo/contract';
import { Link } from 'react-router';
import { CourseGate } from '../../../components/CourseGate';
import { Button } from '../../../components/ui/Button';
import { Alert } from '../../../components/ui/Card';
import { primaryLink, secondaryLink } from '../../../components/ui/link-styles';
import { PageLoading } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useSummaryPdf } from '../api/summary-pdf';

/** `/summary-document/:slug`: the course's summary PDF in the page, with a download (PRODUCT.md section 5). */
export default function SummaryDocumentPage() {
  const { t } = useI18n();
  return (
    <CourseGate title={t('summary.title')} back={{ to: '/courses', label: t('library.browse') }}>
      {(course) => <SummaryDocument course={course} />}
    </CourseGate>
  );
}

function SummaryDocument({ course }: { course: CourseSummary }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const pdf = useSummaryPdf(course.id);
  const url = useObjectUrl(pdf.data);
  const locked = pdf.error instanceof ApiError && pdf.error.code === 'NO_ACCESS';

  let body;
  if (pdf.isPending || (pdf.isSuccess && !url)) {
    body = <PageLoading label={t('summary.loading')} />;
  } else if (locked) {
    body = (
      <section
        aria-labelledby="summary-locked"
        className="mt-6 rounded-2xl border border-amber-200 bg-amber-50 p-5 sm:p-6"
      >
        <h2 id="summary-locked" className="text-lg font-semibold text-amber-950">
          {t('summary.lockedTitle')}
        </h2>
        <p className="mt-2 text-amber-950">{t('summary.lockedBody')}</p>
        <SubscribeLink className={`${primaryLink} mt-4`} trialLabel={t('summary.subscribe')} />
      </section>
    );
  } else if (pdf.isError) {
    body = (
      <div className="mt-6">
        <Alert>{errorText(pdf.error)}</Alert>
        <Button variant="secondary" className="mt-4" onClick={() => void pdf.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        <div className="mt-6 flex flex-wrap gap-3">
          <a href={url} download={summaryPdfFilename(course.slug)} className={primaryLink}>
            {t('summary.download')}
          </a>
          <a href={url} target="_blank" rel="noopener" className={secondaryLink}>
            {t('summary.open')}
          </a>
        </div>
        <iframe
          src={url}
          title={`${t('summary.viewer')}: ${course.title}`}
          className="mt-4 h-[75vh] min-h-[420px] w-full rounded-xl border border-slate-200 bg-slate-100"
        />
        <p className="mt-2 text-sm text-slate-600">{t('summary.hint')}</p>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <Link
        to={`/courses/${encodeURIComponent(course.slug)}`}
        className="text-sm font-medium text-teal-800 hover:underline focus-visible:outline-3 focus-visible:outline-teal-600"
      >
        ← {t('summary.back')}
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">{t('summary.title')}</h1>
      <p className="mt-1 text-lg text-slate-700">{course.title}</p>
      {body}
    </div>
  );
}
