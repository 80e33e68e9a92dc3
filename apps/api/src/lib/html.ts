/** Text made safe for HTML (and XML) text and attribute values. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Link-preview tags (Open Graph `og:*` as properties, the others as names), values escaped. */
export const metaTags = (tags: [string, string][]) =>
  tags
    .map(([k, v]) => `<meta ${k.startsWith('og:') ? 'property' : 'name'}="${k}" content="${escapeHtml(v)}">`)
    .join('');
