/** Strings of the subscriptions screens, Thai first; spread into i18n-strings.ts (same keys in both languages). */
export const th = {} as const;

export const en: Record<keyof typeof th, string> = {};
