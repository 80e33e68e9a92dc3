import {
  createContext,
  useContext,
  useEffect,
  useState,
  type ChangeEvent,
  type FormHTMLAttributes,
  type SubmitEvent,
} from 'react';
import { fieldProblem, isControl, type Control } from '../../lib/field-problems';
import { useI18n } from '../../lib/i18n';

type Problems = ReadonlyMap<string, string>;
const NONE: Problems = new Map();
const ProblemsContext = createContext<Problems>(NONE);

/**
 * What the form around a field said about it at the last submit (missing, too short, out of range), by the
 * field's id; shown by TextField, TextArea and SelectField in place of the browser's English bubble.
 */
export const useFieldProblem = (id: string): string | undefined => useContext(ProblemsContext).get(id);

/**
 * A form that checks its fields' own rules (`required`, `minLength`, `type`, `min`, `max`, `pattern`) itself:
 * submitted with a field missing or wrong, it sends nothing, says at each such field what is wrong, naming it
 * in the reader's language ("กรุณากรอกชื่อคอร์ส"), and moves focus to the first; the browser's bubble never
 * shows (noValidate). `onSubmit` runs only when every field passes. A field's message goes once it is mended.
 * The console's forms all use it (a unit test keeps a bare `<form>` out of the console).
 */
export function Form({ onSubmit, onChange, children, ...rest }: FormHTMLAttributes<HTMLFormElement>) {
  const { t, date } = useI18n();
  const [problems, setProblems] = useState<Problems>(NONE);
  // A new object at every refused submit, so focus moves again even to the same field.
  const [focus, setFocus] = useState<{ field: Control } | null>(null);
  useEffect(() => focus?.field.focus(), [focus]);
  const day = (value: string) => date(value.length === 10 ? `${value}T00:00` : value, value.length > 10);
  const problemOf = (el: Control) => fieldProblem(el, t, day);

  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    const found = new Map<string, string>();
    let first: Control | null = null;
    for (const el of Array.from(e.currentTarget.elements)) {
      const problem = isControl(el) ? problemOf(el) : null;
      if (!problem || !isControl(el)) continue;
      first ??= el;
      if (el.id) found.set(el.id, problem);
    }
    setProblems(found.size ? found : NONE);
    if (first) {
      e.preventDefault();
      setFocus({ field: first });
      return;
    }
    onSubmit?.(e);
  };
  const recheck = (e: ChangeEvent<HTMLFormElement>) => {
    const el = e.target as EventTarget;
    if (isControl(el) && problems.has(el.id)) {
      const problem = problemOf(el);
      setProblems((now) => {
        const next = new Map(now);
        if (problem) next.set(el.id, problem);
        else next.delete(el.id);
        return next;
      });
    }
    onChange?.(e);
  };
  return (
    <form {...rest} noValidate onSubmit={submit} onChange={recheck}>
      <ProblemsContext.Provider value={problems}>{children}</ProblemsContext.Provider>
    </form>
  );
}
