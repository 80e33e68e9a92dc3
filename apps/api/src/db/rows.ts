import type { Table } from 'drizzle-orm';

type Columns<T extends Table> = T['_']['columns'];

/**
 * What node-postgres gives for a column, by the column's kind in the schema: bigints and numerics as strings
 * (pg parses neither, whatever mode Drizzle reads them in), timestamps and dates as Dates (pg parses both),
 * anything else as the schema's data type.
 */
type Read<C> = C extends {
  columnType:
    | 'PgBigInt53'
    | 'PgBigInt64'
    | 'PgBigSerial53'
    | 'PgBigSerial64'
    | 'PgNumeric'
    | 'PgNumericNumber'
    | 'PgNumericBigInt';
}
  ? string
  : C extends { columnType: 'PgTimestamp' | 'PgTimestampString' | 'PgDate' | 'PgDateString' }
    ? Date
    : C extends { data: infer D }
      ? D
      : never;

/** `publishedAt` → `published_at`. */
type SnakeCase<S extends string> = S extends `${infer H}${infer R}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${SnakeCase<R>}`
  : S;

/**
 * A column's name in the database: the name the schema gives it, or, where a helper of the schema leaves the
 * name typed as a mere `string` (`ts(name)`, the timestamps), the column's key in snake case, which is how every
 * such column is named (`publishedAt: ts('published_at')`). Without that, those columns would be lost in one
 * `[name: string]` index signature.
 */
type NameOf<K, N> = string extends N ? SnakeCase<K & string> : N;

/**
 * A row of a table as a hand-written SQL statement reads it (`select e.* from episodes e`): keyed by the
 * database's column names, typed from the schema (`db/schema.ts`, the schema of record), null where the column
 * may be null. The one way SQL rows are typed (decision 021): a statement's row type is built from the tables
 * it reads (`RowOf<typeof episodes> & { video_status: ... }`, or `Pick<RowOf<...>, 'id' | 'title'>`), so that
 * its mapping to the contract needs no cast.
 */
export type RowOf<T extends Table> = {
  [K in keyof Columns<T> as NameOf<K, Columns<T>[K]['_']['name']>]: Columns<T>[K]['_']['notNull'] extends true
    ? Read<Columns<T>[K]['_']>
    : Read<Columns<T>[K]['_']> | null;
};
