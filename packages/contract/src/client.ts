// The typed client's half in the contract (`@rianroo/contract/client`): what a call of an endpoint sends and
// gets, read from the endpoint table's types, and the address it goes to. It imports the table and zod as
// types only, so a web page that calls the API pulls no schema into its bundle.
import type { z } from 'zod';
import type { Endpoints } from './endpoints/index.js';

export type EndpointKey = keyof Endpoints;
type Row<K extends EndpointKey> = Endpoints[K];

type InputOf<R, P extends string> = R extends { [k in P]: infer S extends z.ZodType }
  ? z.input<S>
  : undefined;
type AnswerSchema<A> = A extends { 200: infer S }
  ? S
  : A extends { 201: infer S }
    ? S
    : A extends { 202: infer S }
      ? S
      : A extends { 204: infer S }
        ? S
        : undefined;

/** What a successful call answers: the row's lowest 2xx answer (nothing for a 204 or a row without one). */
export type AnswerOf<K extends EndpointKey> =
  AnswerSchema<Row<K> extends { answers: infer A } ? A : undefined> extends infer S extends z.ZodType
    ? z.output<S>
    : void;

/** Who may call it, as the table says. */
export type AudienceOf<K extends EndpointKey> = Row<K>['audience'];

type Part<N extends string, T> = T extends undefined ? { [k in N]?: never } : { [k in N]: T };

/**
 * What a call sends: the path's parameters, the query and the body, each exactly when the row has one, and
 * `auth: true` exactly when the row is not public (the caller's session goes with it).
 */
export type CallInput<K extends EndpointKey> =
  // Per key (distributed): for a union of keys, a union of each one's input, never the product of their parts.
  K extends EndpointKey
    ? Part<'params', InputOf<Row<K>, 'params'>> &
        Part<'query', InputOf<Row<K>, 'query'>> &
        Part<'body', InputOf<Row<K>, 'body'>> &
        (AudienceOf<K> extends 'public' ? { auth?: never } : { auth: true })
    : never;

/** The call's method and address (under `/api`), its path parameters filled in and its query appended. */
export function addressOf(
  key: EndpointKey,
  input: { params?: Record<string, unknown>; query?: Record<string, unknown> } = {},
): { method: string; path: string } {
  const space = key.indexOf(' ');
  const params = input.params ?? {};
  const path = key.slice(space + 1).replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${key}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  // Form-encoded as a browser's URLSearchParams would (built by hand: the contract assumes no DOM or Node).
  const form = (v: string) => encodeURIComponent(v).replace(/%20/g, '+');
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(input.query ?? {}))
    for (const one of Array.isArray(value) ? value : [value])
      if (one !== undefined && one !== null) pairs.push(`${form(name)}=${form(String(one))}`);
  const search = pairs.join('&');
  return { method: key.slice(0, space), path: search ? `${path}?${search}` : path };
}
