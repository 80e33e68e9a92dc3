import type { AdminSummaryPdf } from '@rianroo/contract';
import { useId, useState, type ChangeEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/forms';
import { useToast } from '../../../lib/toast';
import { ConfirmButton } from '../components/ConfirmButton';
import { useAdminI18n, type AdminKey } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import {
  downloadSummaryPdf,
  useAttachSummaryPdf,
  useRemoveSummaryPdf,
  useSummaryPdf,
} from './summary-pdf-api';

const MB = 1024 * 1024;
/** 20 MB, 1.4 MB, 320 KB. */
const size = (bytes: number) =>
  bytes >= MB ? `${Number((bytes / MB).toFixed(1))} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

const looksLikePdf = (f: File) => f.type === 'application/pdf' || /\.pdf$/i.test(f.name);

/**
 * The course's summary PDF: the attached file (name, size, when and by whom) with download, replace and remove,
 * or none (learners then get the outline generated from the course); a file chooser that uploads the PDF
 * chosen. What is plainly not a PDF or too large is said before sending; the server checks again.
 */
export function SummaryPdfSection({ courseId }: { courseId: string }) {
  const { t, siteT } = useAdminI18n();
  const state = useSummaryPdf(courseId);
  return (
    <section aria-labelledby="summary-pdf" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="summary-pdf" className="text-lg font-semibold text-slate-900">
        {t('admin.summary.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('admin.summary.lead')}</p>
      {state.isPending ? (
        <div className="mt-3 text-teal-700">
          <Spinner label={t('admin.summary.loading')} />
        </div>
      ) : state.isError ? (
        <div className="mt-3">
          <p role="alert" className="text-red-700">
            {t('admin.summary.loadFailed')}
          </p>
          <Button variant="secondary" className="mt-2" onClick={() => void state.refetch()}>
            {siteT('common.retry')}
          </Button>
        </div>
      ) : (
        <Summary courseId={courseId} state={state.data} />
      )}
    </section>
  );
}

function Summary({ courseId, state }: { courseId: string; state: AdminSummaryPdf }) {
  const { t, date } = useAdminI18n();
  const attach = useAttachSummaryPdf(courseId);
  const remove = useRemoveSummaryPdf(courseId);
  const write = useAdminWrite();
  const toast = useToast();
  const errorText = useErrorText();
  const ids = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const max = size(state.maxBytes);
  const file = state.attached;

  const upload = (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.target;
    const chosen = input.files?.[0];
    if (!chosen) return;
    setProblem(null);
    const refuse = (key: AdminKey) => {
      setProblem(t(key, { max }));
      input.value = '';
    };
    if (!looksLikePdf(chosen)) return refuse('admin.summary.notPdf');
    if (chosen.size > state.maxBytes) return refuse('admin.summary.tooLarge');
    setSending(chosen.name);
    attach
      .mutateAsync(chosen)
      .then(() => toast(t('admin.summary.attached'), 'success', 3000))
      .catch((err: unknown) => {
        const code = err instanceof ApiError ? err.code : '';
        if (code === 'UNSUPPORTED_MEDIA_TYPE') setProblem(t('admin.summary.notPdf'));
        else if (code === 'PAYLOAD_TOO_LARGE') setProblem(t('admin.summary.tooLarge', { max }));
        else setProblem(errorText(err));
      })
      .finally(() => {
        setSending(null);
        input.value = '';
      });
  };

  const download = (name: string) => {
    setDownloading(true);
    downloadSummaryPdf(courseId, name)
      .catch(() => toast(t('admin.summary.downloadFailed'), 'error', 6000))
      .finally(() => setDownloading(false));
  };

  return (
    <div className="mt-3 flex flex-col gap-4">
      {file ? (
        <div className="rounded-lg bg-slate-50 p-3">
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-medium text-slate-700">{t('admin.summary.file')}</dt>
            <dd className="wrap-anywhere text-slate-900">{file.fileName}</dd>
            <dt className="font-medium text-slate-700">{t('admin.summary.size')}</dt>
            <dd className="text-slate-900">{size(file.byteSize)}</dd>
            <dt className="font-medium text-slate-700">{t('admin.summary.uploaded')}</dt>
            <dd className="text-slate-900">
              {file.uploadedBy?.name
                ? t('admin.summary.uploadedBy', { date: date(file.uploadedAt), name: file.uploadedBy.name })
                : date(file.uploadedAt)}
            </dd>
          </dl>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="secondary" busy={downloading} onClick={() => download(file.fileName)}>
              {t('admin.summary.download', { name: file.fileName })}
            </Button>
            <ConfirmButton
              label={t('admin.summary.remove')}
              title={t('admin.summary.removeTitle')}
              body={t('admin.summary.removeBody')}
              onConfirm={() => write(remove.mutateAsync(undefined), t('admin.summary.removed'))}
            />
          </div>
        </div>
      ) : (
        <p className="text-slate-700">{t('admin.summary.none')}</p>
      )}
      <div>
        <label htmlFor={`${ids}-file`} className="text-sm font-medium text-slate-800">
          {t(file ? 'admin.summary.replace' : 'admin.summary.choose')}
        </label>
        <input
          id={`${ids}-file`}
          type="file"
          accept="application/pdf,.pdf"
          className="mt-1 block w-full max-w-full text-base"
          disabled={sending !== null}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${ids}-limit${problem ? ` ${ids}-problem` : ''}`}
          onChange={upload}
        />
        <p id={`${ids}-limit`} className="mt-1 text-sm text-slate-600">
          {t('admin.summary.limit', { max })}
        </p>
        {sending !== null && (
          <div className="mt-2 text-teal-700">
            <Spinner small label={t('admin.summary.uploading', { name: sending })} />
          </div>
        )}
        {problem && (
          <p id={`${ids}-problem`} role="alert" className="mt-2 text-sm text-red-700">
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}
