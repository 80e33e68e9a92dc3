/**
 * The page's CSP nonce. The server puts a fresh one on every page it serves (docs/decisions/007): on the
 * `<meta property="csp-nonce">` tag Vite writes. Browsers hide the attribute once the page has loaded, so the
 * property is read first.
 */
export function pageNonce(doc: Document = document): string {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute('nonce') || '';
}

/**
 * Puts the editors' head HTML into <head> (spec section 2). Scripts are re-created so the browser runs them
 * (scripts inserted as HTML never run) and carry the page's nonce, which the CSP requires; external scripts
 * keep their document order unless marked async. Everything added is marked so it is added once.
 */
export function injectHeadHtml(html: string, doc: Document = document, nonce = pageNonce(doc)): number {
  if (!html.trim() || doc.head.querySelector('[data-cms-head]')) return 0;
  const template = doc.createElement('template');
  template.innerHTML = html;
  let added = 0;
  for (const node of Array.from(template.content.childNodes)) {
    if (node.nodeType !== 1) continue;
    let el = node as Element;
    if (el.tagName === 'SCRIPT') {
      const script = doc.createElement('script');
      for (const attr of Array.from(el.attributes)) {
        if (attr.name !== 'nonce') script.setAttribute(attr.name, attr.value);
      }
      if (!el.hasAttribute('async')) script.async = false;
      if (nonce) script.nonce = nonce;
      script.text = el.textContent ?? '';
      el = script;
    }
    el.setAttribute('data-cms-head', '');
    doc.head.appendChild(el);
    added++;
  }
  return added;
}
