import { useEffect, useState } from 'react';

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * State of an auto-rotating carousel (WAI-ARIA APG carousel pattern): rotation stops while the pointer is
 * over it or focus is inside it, when the learner pauses it, and does not start for people who asked for
 * reduced motion (they may still start it with the play button).
 */
export function useCarousel(count: number, intervalMs = 6000) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const moving = count > 1 && !paused && !hovered && !focused;

  useEffect(() => {
    if (!moving) return;
    const id = window.setInterval(() => {
      if (!document.hidden) setIndex((i) => (i + 1) % count);
    }, intervalMs);
    return () => window.clearInterval(id);
  }, [moving, count, intervalMs]);

  const current = count > 0 ? index % count : 0;
  return {
    current,
    /** Rotation is on (the control offers to pause it). */
    rotating: count > 1 && !paused,
    /** Slides change by themselves right now: screen readers are not told of every change then. */
    moving,
    goTo: (i: number) => setIndex(((i % count) + count) % count),
    next: () => setIndex((current + 1) % count),
    prev: () => setIndex((current - 1 + count) % count),
    togglePaused: () => setPaused((p) => !p),
    setHovered,
    setFocused,
  };
}
