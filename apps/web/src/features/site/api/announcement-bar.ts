import { z } from 'zod/mini';
import { useContent } from '../../../lib/content';
import { dataParser, flag, text } from '../../../lib/content-schema';

export interface Announcement {
  message: string;
  link: string | null;
  linkLabel: string | null;
}

const schema = z.object({ enabled: flag, message: text, link: text, linkLabel: text });

/** `announcement-bar`: shown only when enabled and there is a message. */
export const parseAnnouncement = dataParser('announcement-bar', schema, (d): Announcement | null =>
  d.enabled && d.message ? { message: d.message, link: d.link, linkLabel: d.linkLabel } : null,
);

export const useAnnouncement = () => useContent('announcement-bar', parseAnnouncement);
