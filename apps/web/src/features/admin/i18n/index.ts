import { useMemo } from 'react';
import { formatDate, useI18n, type Lang } from '../../../lib/i18n';
import * as applications from './applications';
import * as analytics from './analytics';
import * as billing from './billing';
import * as assessments from './assessments';
import * as courses from './courses';
import * as dataRequests from './data-requests';
import * as legal from './legal';
import * as orgs from './orgs';
import * as people from './people';
import * as refunds from './refunds';
import * as shell from './shell';
import * as summary from './summary';

/**
 * The console's own strings, loaded with the console (never in the learners' bundle). An area adds its file
 * here with one spread in each language; the type keeps both languages' keys the same.
 */
const th = {
  ...shell.th,
  ...people.th,
  ...orgs.th,
  ...billing.th,
  ...refunds.th,
  ...applications.th,
  ...courses.th,
  ...summary.th,
  ...analytics.th,
  ...assessments.th,
  ...dataRequests.th,
  ...legal.th,
};
const en: Record<keyof typeof th, string> = {
  ...shell.en,
  ...people.en,
  ...orgs.en,
  ...billing.en,
  ...refunds.en,
  ...applications.en,
  ...courses.en,
  ...summary.en,
  ...analytics.en,
  ...assessments.en,
  ...dataRequests.en,
  ...legal.en,
};
export type AdminKey = keyof typeof th;
const dictionaries: Record<Lang, Record<AdminKey, string>> = { th, en };

const fill = (message: string, vars?: Record<string, string | number>) =>
  vars ? message.replace(/\{(\w+)\}/g, (whole, k: string) => (k in vars ? String(vars[k]) : whole)) : message;

/** Thai digits stay Arabic (as Thai sites write them); grouping and dates follow the language. */
export const numberLocale = (lang: Lang) => (lang === 'th' ? 'th-TH' : 'en-GB');

export function useAdminI18n() {
  const { lang, t: siteT } = useI18n();
  return useMemo(() => {
    const numbers = new Intl.NumberFormat(numberLocale(lang));
    return {
      lang,
      siteT,
      t: (key: AdminKey, vars?: Record<string, string | number>) => fill(dictionaries[lang][key], vars),
      num: (n: number) => numbers.format(n),
      date: (iso: string, withTime = true) => formatDate(iso, lang, withTime),
      /** Satang as baht with the currency, e.g. ฿1,990.00. */
      money: (satang: number, currency = 'THB') =>
        new Intl.NumberFormat(numberLocale(lang), { style: 'currency', currency }).format(satang / 100),
    };
  }, [lang, siteT]);
}
