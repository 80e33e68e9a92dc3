import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { en, th, type MessageKey } from './i18n-strings';
import { KEYS, read, write } from './storage';

export type Lang = 'th' | 'en';
const dictionaries: Record<Lang, Record<MessageKey, string>> = { th, en };

export const initialLang = (): Lang => (read(KEYS.lang) === 'en' ? 'en' : 'th');

/** Dates in the Thai calendar (Buddhist era) in Thai, Gregorian in English. */
export function formatDate(iso: string, lang: Lang, withTime = false): string {
  const locale = lang === 'th' ? 'th-TH-u-ca-buddhist' : 'en-GB';
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    ...(withTime ? { timeStyle: 'short' } : {}),
  }).format(new Date(iso));
}

function fill(message: string, vars?: Record<string, string | number>): string {
  if (!vars) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

interface I18n {
  lang: Lang;
  setLang: (lang: Lang) => void;
  /** The message in the current language; `{name}` in it is replaced by `vars.name`. */
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
      t: (key, vars) => fill(dictionaries[lang][key], vars),
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
