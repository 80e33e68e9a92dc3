/**
 * Words of the pages the server draws before any script (catalog-page.ts, course-page.ts), in Thai as the app
 * shows them (apps/web i18n-strings: `level.*`; lib/format `minutes`). The app redraws them in the learner's
 * language when it arrives.
 */
export const LEVEL_NAMES = { beginner: 'เริ่มต้น', intermediate: 'ปานกลาง', advanced: 'ขั้นสูง' } as const;

/** The catalogue's orders (CATALOGUE_SORTS) as its sort control names them (i18n-visitors `catalog.sort.*`). */
export const SORT_NAMES = { newest: 'ใหม่ล่าสุด', rating: 'คะแนนสูงสุด' } as const;

export const levelName = (level: string) => LEVEL_NAMES[level as keyof typeof LEVEL_NAMES] ?? '';

/** Whole minutes, at least one. */
export const minutes = (seconds: number) => Math.max(1, Math.round(seconds / 60));

/** The site's name, as the app's title carries it (apps/web index.html). */
export const SITE_NAME = 'Rianroo เรียนรู้';

/** Baht from satang as the app writes it in Thai (apps/web lib/billing `formatBaht`): "฿299", "฿299.50". */
export const baht = (satang: number) =>
  new Intl.NumberFormat('th-TH', {
    style: 'currency',
    currency: 'THB',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: satang % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(satang / 100);

/**
 * What a course costs, in the words of the app's cards and course page (apps/web i18n-visitors `price.*`): free,
 * or for members from the cheapest monthly plan's price (`membersFromSatang` of the plans on sale).
 */
export const priceWords = (free: boolean, membersFrom: number | null) =>
  free ? 'ฟรี' : membersFrom === null ? 'สำหรับสมาชิก' : `สำหรับสมาชิก · เริ่มต้น ${baht(membersFrom)}/เดือน`;

/** A shown rating as the app says it (i18n-visitors `rating.text`): "4.6 จาก 5 (23 คะแนน)". */
export const ratingWords = (r: { average: number; count: number }) =>
  `${r.average.toFixed(1)} จาก 5 (${r.count.toLocaleString('th-TH')} คะแนน)`;
