/**
 * Words of the pages the server draws before any script (catalog-page.ts, course-page.ts), in Thai as the app
 * shows them (apps/web i18n-strings: `level.*`; lib/format `minutes`). The app redraws them in the learner's
 * language when it arrives.
 */
export const LEVEL_NAMES = { beginner: 'เริ่มต้น', intermediate: 'ปานกลาง', advanced: 'ขั้นสูง' } as const;

export const levelName = (level: string) => LEVEL_NAMES[level as keyof typeof LEVEL_NAMES] ?? '';

/** Whole minutes, at least one. */
export const minutes = (seconds: number) => Math.max(1, Math.round(seconds / 60));

/** The site's name, as the app's title carries it (apps/web index.html). */
export const SITE_NAME = 'Rianroo เรียนรู้';
