/** Minutes for a course or an episode length, at least 1. */
export const minutes = (seconds: number) => Math.max(1, Math.round(seconds / 60));

/** m:ss for a position in a video. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
