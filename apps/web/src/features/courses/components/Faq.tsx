import { useId, useState } from 'react';

/** One question and its answer as a disclosure (WAI-ARIA APG): a button in a heading that shows the answer. */
function FaqItem({ question, answer }: { question: string; answer: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <li>
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
          className="flex min-h-12 w-full items-center justify-between gap-3 px-4 py-3 text-left font-medium hover:bg-slate-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-teal-600"
        >
          {question}
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className={`h-5 w-5 shrink-0 text-slate-500 motion-safe:transition-transform ${open ? 'rotate-180' : ''}`}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M6 9l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </h3>
      <div id={id} hidden={!open} className="px-4 pb-4 leading-relaxed whitespace-pre-line text-slate-700">
        {answer}
      </div>
    </li>
  );
}

export function Faq({ title, items }: { title: string; items: { question: string; answer: string }[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="faq" className="mt-10">
      <h2 id="faq" className="text-xl font-semibold">
        {title}
      </h2>
      <ul className="mt-4 divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white">
        {items.map((f) => (
          <FaqItem key={f.question} question={f.question} answer={f.answer} />
        ))}
      </ul>
    </section>
  );
}
