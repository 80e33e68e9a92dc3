/**
 * A document's text as stored: paragraphs split by a blank line, a paragraph starting with `## ` a heading.
 * Drawn as text (never as HTML): an administrator's words cannot add markup to the page.
 */
export function LegalBody({ text }: { text: string }) {
  const blocks = text
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
  return (
    <>
      {blocks.map((b, i) =>
        b.startsWith('## ') ? (
          <h2 key={i} className="mt-8 text-lg font-semibold text-slate-900">
            {b.slice(3)}
          </h2>
        ) : (
          <p key={i} className="mt-3 whitespace-pre-line">
            {b}
          </p>
        ),
      )}
    </>
  );
}
