/**
 * The content service client (spec section 7): GET with the fixed bearer. Failures are logged and give
 * nothing (spec section 8).
 */
export interface ContentSource {
  contentUrl: string | null;
  contentToken: string | null;
}

export async function getContent<T>(source: ContentSource, path: string): Promise<T | null> {
  if (!source.contentUrl) return null;
  try {
    const res = await fetch(`${source.contentUrl.replace(/\/$/, '')}/api/${path}`, {
      headers: source.contentToken ? { authorization: `Bearer ${source.contentToken}` } : {},
    });
    if (!res.ok) {
      console.error(`content service: ${path} answered ${res.status}`);
      return null;
    }
    return (await res.json()) as T;
  } catch (err) {
    console.error(`content service: ${path} failed`, err);
    return null;
  }
}

/** The raw head HTML of the header-script entry, whatever shape of answer it came in. */
export function headerScriptHtml(answer: unknown): string {
  const data = (answer as { data?: unknown } | null)?.data as Record<string, unknown> | undefined;
  if (!data) return '';
  const value = data.script ?? data.scripts ?? data.content ?? data.html;
  return typeof value === 'string' ? value : '';
}

/**
 * Puts the editors' head HTML into <head>. Scripts are re-created so the browser runs them (scripts inserted
 * as HTML never run); everything added is marked so it is added once.
 */
export function injectHeadHtml(html: string, doc: Document = document): number {
  if (!html.trim() || doc.head.querySelector('[data-cms-head]')) return 0;
  const template = doc.createElement('template');
  template.innerHTML = html;
  let added = 0;
  for (const node of Array.from(template.content.childNodes)) {
    if (!(node instanceof doc.defaultView!.Element)) continue;
    let el: Element = node;
    if (node.tagName === 'SCRIPT') {
      const script = doc.createElement('script');
      for (const attr of Array.from(node.attributes)) script.setAttribute(attr.name, attr.value);
      script.text = node.textContent ?? '';
      el = script;
    }
    el.setAttribute('data-cms-head', '');
    doc.head.appendChild(el);
    added++;
  }
  return added;
}
