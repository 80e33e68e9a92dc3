import { useId, type ReactNode } from 'react';

/** A card of a page; with a title, a region named by its heading. */
export function Card({
  title,
  children,
  className = '',
}: {
  title?: string;
  children: ReactNode;
  className?: string;
}) {
  const heading = useId();
  return (
    <section
      aria-labelledby={title ? heading : undefined}
      className={`rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 ${className}`}
    >
      {title && (
        <h2 id={heading} className="mb-4 text-lg font-semibold text-slate-900">
          {title}
        </h2>
      )}
      {children}
    </section>
  );
}

export function Alert({
  kind = 'error',
  children,
}: {
  kind?: 'error' | 'success' | 'info';
  children: ReactNode;
}) {
  const styles = {
    error: 'border-red-200 bg-red-50 text-red-800',
    success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    info: 'border-sky-200 bg-sky-50 text-sky-900',
  };
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-4 py-3 text-sm wrap-anywhere ${styles[kind]}`}
    >
      {children}
    </div>
  );
}

/** The narrow centred column of the sign-in screens. */
export function AuthShell({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <h1 className="text-2xl font-bold wrap-anywhere text-slate-900">{title}</h1>
      {lead && <p className="mt-2 wrap-anywhere text-slate-600">{lead}</p>}
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">{children}</div>
    </div>
  );
}
