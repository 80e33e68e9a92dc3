/** A line icon drawn from one SVG path (24×24), hidden from assistive technology: its button names it. */
export function LineIcon({ d, className = 'h-5 w-5' }: { d: string; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d={d} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
