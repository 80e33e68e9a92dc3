import { useEffect, useState, type RefObject } from 'react';

/**
 * The text of the caption cues showing now, when captions are on. The player draws them itself (above its
 * controls, in the page's Thai font) from the video's first text track, kept hidden.
 */
export function useCaptionText(
  videoRef: RefObject<HTMLVideoElement | null>,
  on: boolean,
  /** Changes when the tracks do (a new source or new caption files). */
  tracksKey: unknown,
): string {
  const [cue, setCue] = useState('');
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const tracks = Array.from(video.textTracks);
    tracks.forEach((tr, i) => (tr.mode = on && i === 0 ? 'hidden' : 'disabled'));
    const track = on ? tracks[0] : undefined;
    if (!track) {
      setCue('');
      return;
    }
    const show = () =>
      setCue(
        Array.from(track.activeCues ?? [])
          .map((c) => (c as VTTCue).text)
          .join('\n'),
      );
    show();
    track.addEventListener('cuechange', show);
    return () => track.removeEventListener('cuechange', show);
  }, [on, tracksKey, videoRef]);
  return cue;
}
