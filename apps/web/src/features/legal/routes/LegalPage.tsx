import { useDocumentMeta } from '../../../lib/use-document-meta';
import { useI18n } from '../../../lib/i18n';
import { privacy, terms } from '../legal-text';

/** `/terms` and `/privacy`: the terms of use and the privacy notice (PDPA), in the learner's language. */
export default function LegalPage({ which }: { which: 'terms' | 'privacy' }) {
  const { lang } = useI18n();
  const text = (which === 'terms' ? terms : privacy)[lang];
  useDocumentMeta(text.title, text.intro);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 leading-relaxed text-slate-800">
      <h1 className="text-2xl font-bold text-slate-900">{text.title}</h1>
      <p className="mt-1 text-sm text-slate-500">{text.updated}</p>
      <p className="mt-6">{text.intro}</p>
      {text.sections.map((s) => (
        <section key={s.heading} className="mt-8">
          <h2 className="text-lg font-semibold text-slate-900">{s.heading}</h2>
          {s.body.map((p) => (
            <p key={p} className="mt-3">
              {p}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
