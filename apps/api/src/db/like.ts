/** A search term for ILIKE: its %, _ and \ are characters to find, not wildcards. */
export const likeTerm = (q: string | undefined) => (q ? q.replace(/[\\%_]/g, (c) => `\\${c}`) : null);
