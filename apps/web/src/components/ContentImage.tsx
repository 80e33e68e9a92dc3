import type { ImgHTMLAttributes } from 'react';
import type { Media } from '../lib/content-schema';

/**
 * An image of the content service: its renditions as srcSet, its size (so nothing jumps while it loads) and
 * the editors' alternative text unless the place gives its own.
 */
export function ContentImage({
  media,
  alt,
  ...rest
}: { media: Media; alt?: string } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt'>) {
  return (
    <img
      src={media.src}
      srcSet={media.srcSet}
      alt={alt ?? media.alt ?? ''}
      width={media.width ?? undefined}
      height={media.height ?? undefined}
      {...rest}
    />
  );
}
