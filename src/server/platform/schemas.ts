import { Type } from 'typebox';

/**
 * An optional text that may be null. Not `Type.Union([Type.Null(), Type.String()])`: with `coerceTypes: 'array'`
 * (app.ts) Ajv accepts a one-element array through such a union and leaves it an array, which then reaches the
 * service (a 500 the fuzz suite found). One JSON type list refuses an array with 400.
 */
export const optionalText = (max: number) =>
  Type.Optional(Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: max }));

/** An optional text or number that may be null (a quantity or an id typed or sent as a number); arrays refused alike. */
export const optionalTextOrNumber = (max: number) =>
  Type.Optional(Type.Unsafe<string | number | null>({ type: ['string', 'number', 'null'], maxLength: max }));

/**
 * The body limit of a route open to anyone (login, logout, a station's enrolment and sign-in): at most a few short
 * fields at their max lengths, even as `\uXXXX` escapes. Refused above this before parsing, rather than the API's 2 MB.
 */
export const PUBLIC_BODY_LIMIT = 4 * 1024;
