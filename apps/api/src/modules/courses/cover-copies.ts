import { COVER_WIDTHS } from '@rianroo/contract';
import sharp from 'sharp';
import { AppError } from '../../lib/errors.js';

/** A cover's copy for one width: WebP, 16:9. */
export interface CoverCopy {
  width: (typeof COVER_WIDTHS)[number];
  bytes: Buffer;
}

/**
 * The WebP copies a card shows instead of the uploaded image (often a photo of a megabyte or more: on a slow
 * phone connection the catalogue's largest paint, issue 36), cut to the cards' 16:9 from its centre. A smaller
 * image is not enlarged (the copy keeps its size: the browser scales it). Bytes that are no image it can read are
 * refused as an unsupported type, as bytes of no known type are.
 */
export async function coverCopies(image: Buffer): Promise<CoverCopy[]> {
  try {
    // One decode; each width resizes from it. Orientation from EXIF first (a phone's photo stands upright).
    const source = sharp(image).rotate();
    return await Promise.all(
      COVER_WIDTHS.map(async (width) => ({
        width,
        bytes: await source
          .clone()
          .resize({ width, height: Math.round((width * 9) / 16), fit: 'cover', withoutEnlargement: true })
          .webp({ quality: 70, effort: 4 })
          .toBuffer(),
      })),
    );
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'The cover could not be read as an image');
  }
}
