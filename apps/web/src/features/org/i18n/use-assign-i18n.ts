import { useMemo } from 'react';
import { useI18n } from '../../../lib/i18n';
import * as assign from './assign';

export type AssignKey = keyof typeof assign.th;
const dictionaries = { th: assign.th, en: assign.en };

const fill = (message: string, vars?: Record<string, string | number>) =>
  vars ? message.replace(/\{(\w+)\}/g, (whole, k: string) => (k in vars ? String(vars[k]) : whole)) : message;

/** The groups' and assignments' strings in the learner's language (Thai first), with dates. */
export function useAssignI18n() {
  const { lang, date } = useI18n();
  return useMemo(
    () => ({
      lang,
      t: (key: AssignKey, vars?: Record<string, string | number>) => fill(dictionaries[lang][key], vars),
      date: (iso: string) => date(iso),
    }),
    [lang, date],
  );
}
