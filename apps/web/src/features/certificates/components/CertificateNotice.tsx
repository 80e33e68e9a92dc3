import type { ReactNode } from 'react';

/** A state of the certificate page that is not the certificate (not yet, evaluation first, revoked). */
export function CertificateNotice({
  id,
  title,
  tone = 'amber',
  children,
}: {
  id: string;
  title: string;
  tone?: 'amber' | 'red';
  children: ReactNode;
}) {
  const styles =
    tone === 'red' ? 'border-red-200 bg-red-50 text-red-950' : 'border-amber-200 bg-amber-50 text-amber-950';
  return (
    <section aria-labelledby={id} className={`mt-6 rounded-2xl border p-5 sm:p-6 ${styles}`}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-2">{children}</div>
    </section>
  );
}
