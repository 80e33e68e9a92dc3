/** The query keys of the console start with this, so a write can refresh every list at once. */
export const adminKey = ['admin'] as const;
