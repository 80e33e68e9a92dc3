import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../lib/i18n';
import type { LinkTarget } from '../lib/content';

/** An editor's link: pages of this site open in the app, in the same tab; other sites in a new tab. */
export function ContentLink({
  target,
  className,
  label,
  children,
}: {
  target: LinkTarget;
  className?: string;
  /** Accessible name when the children (an image) have none of their own. */
  label?: string;
  children: ReactNode;
}) {
  const { t } = useI18n();
  if (target.internal) {
    return (
      <Link to={target.to} className={className} aria-label={label}>
        {children}
      </Link>
    );
  }
  return (
    <a
      href={target.href}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
      aria-label={label ? `${label} ${t('content.newTab')}` : undefined}
    >
      {children}
      {!label && <span className="sr-only"> {t('content.newTab')}</span>}
    </a>
  );
}
