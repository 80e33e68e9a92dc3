import { z } from 'zod/mini';
import { mediaUrl, type ContentParser, type ContentSource } from './content';

/*
 * Tolerant building blocks for content-service answers: every field may be missing, null or of another type
 * (editors leave fields empty, the content model grows); a field that does not fit reads as absent.
 * zod/mini: the announcement bar and head scripts load these on every page, so they stay small.
 */

/** A value that reads as `fallback` when it does not fit. */
export const orElse = <T extends z.ZodMiniType>(schema: T, fallback: z.output<T>) =>
  z.catch(schema, fallback);
/** An object (or list item) that reads as null when it does not fit. */
export const optional = <T extends z.ZodMiniType>(schema: T) => z.catch(z.nullable(schema), null);

export const text = optional(z.string().check(z.trim(), z.minLength(1)));
export const flag = orElse(z.boolean(), false);
export const num = (fallback: number) => orElse(z.number(), fallback);
const size = optional(z.number().check(z.positive()));

/** A list of short texts: a JSON list of strings, or one text with a line per item. */
export const texts = z.pipe(
  orElse(z.union([z.array(z.unknown()), z.string()]), []),
  z.transform((value: unknown[] | string) =>
    (typeof value === 'string' ? value.split('\n') : value).flatMap((item) =>
      typeof item === 'string' && item.trim() ? [item.trim()] : [],
    ),
  ),
);

/** A list whose items that do not fit read as null (and are left out by the caller). */
export const list = <T extends z.ZodMiniType>(item: T) => orElse(z.array(optional(item)), []);

const format = z.object({ url: z.string().check(z.minLength(1)), width: z.number().check(z.positive()) });
export const media = optional(
  z.object({
    url: z.string().check(z.minLength(1)),
    alternativeText: text,
    width: size,
    height: size,
    formats: optional(z.record(z.string(), z.unknown())),
  }),
);
export type RawMedia = z.output<typeof media>;

/** An image ready for <img>: absolute or service-relative URLs made usable, with the smaller renditions. */
export interface Media {
  src: string;
  srcSet: string | undefined;
  alt: string | null;
  width: number | null;
  height: number | null;
}

export function toMedia(source: ContentSource, raw: RawMedia): Media | null {
  if (!raw) return null;
  const src = mediaUrl(source, raw.url);
  if (!src) return null;
  const sizes = Object.values(raw.formats ?? {}).flatMap((f) => {
    const parsed = format.safeParse(f);
    const url = parsed.success ? mediaUrl(source, parsed.data.url) : null;
    return parsed.success && url ? [`${url} ${Math.round(parsed.data.width)}w`] : [];
  });
  if (sizes.length && raw.width) sizes.push(`${src} ${Math.round(raw.width)}w`);
  return {
    src,
    srcSet: sizes.length > 1 && raw.width ? sizes.join(', ') : undefined,
    alt: raw.alternativeText,
    width: raw.width,
    height: raw.height,
  };
}

/**
 * A parser for `{ data: ... }` answers. `data: null` (nothing published) is no content; any other answer that
 * does not fit is logged and is no content too.
 */
export function dataParser<S extends z.ZodMiniType, T>(
  name: string,
  schema: S,
  map: (data: z.output<S>, source: ContentSource) => T | null,
): ContentParser<T> {
  const answer = z.object({ data: z.nullable(schema) });
  return (raw, source) => {
    if (raw === null) return null; // a failed call, already logged
    const parsed = answer.safeParse(raw);
    if (!parsed.success) {
      console.error(`content service: ${name} has an unexpected shape`, parsed.error.issues);
      return null;
    }
    const data = (parsed.data as { data: z.output<S> | null }).data;
    return data === null ? null : map(data, source);
  };
}
