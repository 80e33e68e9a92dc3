import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { en, th, type MessageKey } from './i18n-strings';
import { KEYS, read, write } from './storage';

export type Lang = 'th' | 'en';
const dictionaries: Record<Lang, Record<MessageKey, string>> = { th, en };

export const initialLang = (): Lang => (read(KEYS.lang) === 'en' ? 'en' : 'th');

/** The calendar of each language: Thai (Buddhist era) in Thai, Gregorian in English (PRODUCT.md). */
const calendar = (lang: Lang) => (lang === 'th' ? 'th-TH-u-ca-buddhist' : 'en-GB');

/** Dates in the Thai calendar (Buddhist era) in Thai, Gregorian in English. */
export function formatDate(iso: string, lang: Lang, withTime = false): string {
  return new Intl.DateTimeFormat(calendar(lang), {
    dateStyle: 'long',
    ...(withTime ? { timeStyle: 'short' } : {}),
  }).format(new Date(iso));
}

/** The year alone, in the same calendar as the dates (2569 in Thai, 2026 in English). */
export function formatYear(when: Date, lang: Lang): string {
  const parts = new Intl.DateTimeFormat(calendar(lang), { year: 'numeric' }).formatToParts(when);
  return parts.find((p) => p.type === 'year')?.value ?? String(when.getFullYear());
}

const pluralRules: Record<Lang, Intl.PluralRules> = {
  th: new Intl.PluralRules('th'),
  en: new Intl.PluralRules('en'),
};
/** `{n, plural, one {# point} other {# points}}` (ICU's form, `=2 {…}` too): the form for the number, `#` the number. */
const pluralBlock = /\{(\w+), plural,((?:\s*=?\w+\s*\{[^{}]*\})+)\s*\}/g;
const pluralForm = /(=?\w+)\s*\{([^{}]*)\}/g;

function fill(message: string, lang: Lang, vars?: Record<string, string | number>): string {
  if (!vars) return message;
  return message
    .replace(pluralBlock, (whole, name: string, cases: string) => {
      const n = vars[name];
      if (typeof n !== 'number') return whole;
      const forms = new Map([...cases.matchAll(pluralForm)].map((m) => [m[1]!, m[2]!]));
      const form = forms.get(`=${n}`) ?? forms.get(pluralRules[lang].select(n)) ?? forms.get('other');
      return form === undefined ? whole : form.replace(/#/g, String(n));
    })
    .replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

interface I18n {
  lang: Lang;
  setLang: (lang: Lang) => void;
  /**
   * The message in the current language; `{name}` in it is replaced by `vars.name`, and a count's words agree
   * with it: `{n, plural, one {# point} other {# points}}` (one way for every singular and plural).
   */
  t: (key: MessageKey, vars?: Record<string, string | number>) => string;
  date: (iso: string, withTime?: boolean) => string;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Lang>(initialLang);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  const setLang = useCallback((next: Lang) => {
    write(KEYS.lang, next);
    setLangState(next);
  }, []);
  const value = useMemo<I18n>(
    () => ({
      lang,
      setLang,
      t: (key, vars) => fill(dictionaries[lang][key], lang, vars),
      date: (iso, withTime) => formatDate(iso, lang, withTime),
    }),
    [lang, setLang],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const ctx = useContext(I18nContext);
  if (!ctx) throw new Error('useI18n outside I18nProvider');
  return ctx;
}

export type { MessageKey };
