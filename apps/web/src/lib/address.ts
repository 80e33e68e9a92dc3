/**
 * Takes what a link brought in the address (a reset code, a sign-in provider's answer) out of the address bar
 * and out of this history entry, once the page has read it: the head scripts the learner consented to (the
 * editors' analytics and tag managers) read `document.location`, and Back or a copied address would carry it
 * too. Only the query parameters named in `keep` stay; the hash goes.
 */
export function clearAddress(keep: readonly string[] = []): void {
  const params = new URLSearchParams(window.location.search);
  const kept = new URLSearchParams();
  for (const name of keep) {
    const value = params.get(name);
    if (value !== null) kept.set(name, value);
  }
  const search = kept.toString();
  window.history.replaceState(
    window.history.state,
    '',
    window.location.pathname + (search ? `?${search}` : ''),
  );
}
