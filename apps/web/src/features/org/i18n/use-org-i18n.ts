import { useMemo } from 'react';
import { useI18n } from '../../../lib/i18n';
import * as console from './console';

export type OrgKey = keyof typeof console.th;
const dictionaries = { th: console.th, en: console.en };

const fill = (message: string, vars?: Record<string, string | number>) =>
  vars ? message.replace(/\{(\w+)\}/g, (whole, k: string) => (k in vars ? String(vars[k]) : whole)) : message;

/**
 * The console's strings (loaded with the console, never in the learners' bundle), Thai first, with dates and
 * numbers in the language.
 */
export function useOrgI18n() {
  const { lang, date, t: siteT } = useI18n();
  return useMemo(() => {
    const numbers = new Intl.NumberFormat(lang === 'th' ? 'th-TH' : 'en-GB');
    return {
      lang,
      siteT,
      t: (key: OrgKey, vars?: Record<string, string | number>) => fill(dictionaries[lang][key], vars),
      date: (iso: string, withTime = false) => date(iso, withTime),
      num: (n: number) => numbers.format(n),
    };
  }, [lang, date, siteT]);
}
