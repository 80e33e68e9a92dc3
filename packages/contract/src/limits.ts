// Limits both sides apply, with no schema in sight: the web app imports this file alone
// (`@rianroo/contract/limits`), so that code on the first page does not pull zod and every schema with it.

/** Played ranges one progress save may carry (the player sends what was played since its last save). */
export const MAX_PLAYED_RANGES = 100;

/** The longest phone number a learner may give (as typed: digits, spaces, dashes, a leading +). */
export const PHONE_MAX_LENGTH = 20;

/** The longest organisation and position a learner gives with their contact details. */
export const CONTACT_LINE_MAX_LENGTH = 120;
