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
