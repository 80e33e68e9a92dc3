import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { primaryLink } from '../../../components/ui/link-styles';

/** A learner's own state in place of an offer: what holds for them, and where to go from here. */
export function MembershipNotice({
  title,
  children,
  to,
  action,
}: {
  title: string;
  children: ReactNode;
  to: string;
  action: string;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <section
        aria-labelledby="membership-notice"
        className="flex flex-col items-start gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <h1 id="membership-notice" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {title}
        </h1>
        <p className="text-lg text-slate-700">{children}</p>
        <Link to={to} className={primaryLink}>
          {action}
        </Link>
      </section>
    </div>
  );
}
