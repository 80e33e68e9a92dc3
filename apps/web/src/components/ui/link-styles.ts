/** Links that look like the design system's buttons (same height, focus ring and colours as `Button`). */
const linkButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-medium focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600';
export const primaryLink = `${linkButton} bg-teal-700 text-white hover:bg-teal-800`;
export const secondaryLink = `${linkButton} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;
/** An inline text link. */
export const textLink =
  'rounded font-medium text-teal-800 underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-teal-600';
