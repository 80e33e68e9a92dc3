import type { ReactNode } from 'react';
import { useDocumentMeta } from '../../../lib/use-document-meta';
import { useAdminI18n } from '../i18n';

/** One console screen: its heading (also the tab's title), a line of what it is for, then its content. */
export function AdminPage({
  title,
  lead,
  actions,
  children,
}: {
  title: string;
  lead?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useAdminI18n();
  useDocumentMeta(`${title} · ${t('admin.title')}`, null);
  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        {/* A title or lead may be one long word (a 40-character code, an e-mail address): it wraps anywhere. */}
        <div className="min-w-0 wrap-anywhere">
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {lead && <p className="mt-1 text-slate-600">{lead}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </header>
      {children}
    </div>
  );
}
