import type { MessageKey } from './i18n';

type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;
export type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Fields that are chosen rather than typed: "please choose", not "please fill in". */
const CHOSEN = new Set(['checkbox', 'radio', 'file', 'select-one', 'select-multiple']);
/** Fields whose limits are days or moments, said as dates in the reader's calendar. */
const DATES = new Set(['date', 'datetime-local']);

export const isControl = (el: Element | EventTarget | null): el is Control =>
  el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement;

/** The text of an element without the controls inside it (a label that wraps its select lists no options). */
function ownText(el: Element): string {
  const copy = el.cloneNode(true) as Element;
  copy.querySelectorAll('input, select, textarea, button, [aria-hidden="true"]').forEach((n) => n.remove());
  return copy.textContent ?? '';
}

/**
 * What the field is called, as its label says (or `data-field-name`, `aria-label`, `aria-labelledby`, a
 * radio group's legend): the words a message names it by. A trailing hint in brackets ("Slug (in links:
 * lower-case letters…)") is left out; a short qualifier ("Name (Thai)") is kept, it tells two fields apart.
 */
export function fieldName(el: Control): string | null {
  const labelledBy = el.getAttribute('aria-labelledby');
  const fromIds = labelledBy
    ?.split(/\s+/)
    .map((id) => el.ownerDocument.getElementById(id))
    .filter((n): n is HTMLElement => !!n)
    .map(ownText)
    .join(' ');
  const legend = el.type === 'radio' ? el.closest('fieldset')?.querySelector('legend') : null;
  const text =
    el.dataset.fieldName ??
    el.getAttribute('aria-label') ??
    (fromIds || null) ??
    (el.labels?.[0] ? ownText(el.labels[0]) : null) ??
    (legend ? ownText(legend) : null);
  const name = text
    ?.replace(/\s+/g, ' ')
    .trim()
    .replace(/\s*\*$/, '')
    .replace(/\s*\([^()]*\s[^()]*\)$/, '');
  return name || null;
}

/**
 * Why the browser would refuse this field (its `required`, `minLength`, `type`, `min`, `max`, `step`,
 * `pattern`), in the reader's language and naming the field; null when it may be sent. Blank text (spaces
 * only) is missing too, as the API trims it. `day` writes a date field's limit in the reader's calendar.
 */
export function fieldProblem(el: Control, t: Translate, day: (value: string) => string): string | null {
  if (!el.willValidate) return null;
  const v = el.validity;
  const name = fieldName(el) ?? t('form.unnamed');
  const typed = !CHOSEN.has(el.type);
  const text = typed ? el.value.trim() : '';
  if (v.valueMissing || (el.required && typed && text === '' && !v.badInput))
    return t(typed ? 'form.fill' : 'form.choose', { name });
  if (v.badInput) return t(el.type === 'number' ? 'form.number' : 'form.format', { name });
  if (v.typeMismatch) return t(el.type === 'email' ? 'form.email' : 'form.format', { name });
  // Counted here, not by the browser: it counts only what was typed by hand, and counts spaces. (Too long is
  // the form's own check: typing stops at maxLength, and a longer text was put there by the page.)
  if (!(el instanceof HTMLSelectElement) && el.minLength > 0 && text.length > 0 && text.length < el.minLength)
    return t('form.tooShort', { name, n: el.minLength });
  if (el instanceof HTMLInputElement) {
    const date = DATES.has(el.type);
    if (v.rangeUnderflow)
      return date ? t('form.notBefore', { name, min: day(el.min) }) : t('form.min', { name, min: el.min });
    if (v.rangeOverflow)
      return date ? t('form.notAfter', { name, max: day(el.max) }) : t('form.max', { name, max: el.max });
    if (v.stepMismatch && el.type === 'number' && (el.step === '' || el.step === '1'))
      return t('form.whole', { name });
  }
  if (v.customError) return el.validationMessage;
  return v.valid ? null : t('form.format', { name });
}
