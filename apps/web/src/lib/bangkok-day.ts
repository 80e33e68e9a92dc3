// Calendar days as learners and staff in Thailand count them: Thailand keeps UTC+7 all year (no daylight saving),
// so a day's bounds are fixed offsets; date fields hold these days (YYYY-MM-DD).

const OFFSET_MS = 7 * 3_600_000;

/** Today on the Bangkok calendar, as a date field's value. */
export const bangkokToday = (now = new Date()) =>
  new Date(now.getTime() + OFFSET_MS).toISOString().slice(0, 10);

/** Tomorrow on the Bangkok calendar (the earliest due date one can still meet in full). */
export const bangkokTomorrow = (now = new Date()) => bangkokToday(new Date(now.getTime() + 86_400_000));

/** The last second of a Bangkok calendar day (a date field's day), as the API's instant. */
export const endOfBangkokDay = (day: string) => `${day}T23:59:59+07:00`;
