import { z } from 'zod/mini';
import { useContent } from '../../../lib/content';
import { toAudience, type Audience } from '../../../lib/audience';
import { dataParser, flag, text } from '../../../lib/content-schema';

export interface Announcement {
  message: string;
  link: string | null;
  linkLabel: string | null;
  audience: Audience;
}

const schema = z.object({ enabled: flag, message: text, link: text, linkLabel: text, audience: text });

/** `announcement-bar`: shown only when enabled and there is a message, to its audience. */
export const parseAnnouncement = dataParser('announcement-bar', schema, (d): Announcement | null =>
  d.enabled && d.message
    ? { message: d.message, link: d.link, linkLabel: d.linkLabel, audience: toAudience(d.audience) }
    : null,
);

export const useAnnouncement = () => useContent('announcement-bar', parseAnnouncement);
