import { Type } from 'typebox';

/** The serials a call names (one per base unit): a list, or one text with one serial a line; optional. */
export const SerialNumbersSchema = Type.Optional(
  Type.Union([Type.Array(Type.String({ maxLength: 60 }), { maxItems: 5000 }), Type.String({ maxLength: 305000 }), Type.Null()]),
);
