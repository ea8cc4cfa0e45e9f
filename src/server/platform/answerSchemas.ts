import { envelope, type JsonSchema } from './openapi';

/**
 * Answer schemas shared by the hand-written routes (server README "The API description"): each route states the shape
 * of its `data` in `schema.response: { 200: envelope(…) }`. The shapes are exact (the conformance run compares every
 * answer of the suites with them), rows keep `additionalProperties: true`, decimals are text, times ISO text.
 */

/** A count of rows changed (deleted, updated, cancelled …). */
export const countAnswer = envelope({ type: 'integer', minimum: 0, description: 'the number of rows changed' });

/** An action that answers no data. */
export const nothingAnswer = envelope({ type: 'null' });

/** A nullable text field (a code, a name, a remark). */
export const text: JsonSchema = { type: ['string', 'null'] };

/** A nullable decimal, sent as text (numeric columns keep their precision). */
export const decimal: JsonSchema = { type: ['string', 'null'], description: 'a decimal number as text' };

/** A nullable time as ISO 8601 text. */
export const time: JsonSchema = { type: ['string', 'null'], format: 'date-time' };

/** A row of named fields; a row may carry more columns than it names (kept: additionalProperties). */
export function row(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return { type: 'object', properties, required, additionalProperties: true };
}

/** A list of items. */
export function list(items: JsonSchema): JsonSchema {
  return { type: 'array', items };
}

/** One page of rows and the total, as every findPage answers. */
export function page(item: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['content', 'totalSize', 'pageNum', 'pageSize'],
    properties: {
      content: { type: 'array', items: item },
      totalSize: { type: 'integer' },
      pageNum: { type: 'integer' },
      pageSize: { type: 'integer' },
    },
  };
}

// Part B

/** An object of exactly these fields, each present (an answer whose shape is fixed): nothing more, nothing left out. */
export function fixedObject(properties: Record<string, JsonSchema>, optional: readonly string[] = []): JsonSchema {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties).filter((name) => !optional.includes(name)),
    additionalProperties: false,
  };
}

/** A text always present (a key, a code of a row that has one). */
export const requiredText: JsonSchema = { type: 'string' };

/** A whole number always present (an id, a line number, a count). */
export const integer: JsonSchema = { type: 'integer' };

/** A nullable whole number. */
export const nullableInteger: JsonSchema = { type: ['integer', 'null'] };

/** A decimal always present, sent as text. */
export const amount: JsonSchema = { type: 'string', description: 'a decimal number as text' };

/** A nullable calendar day as `yyyy-MM-dd` text. */
export const day: JsonSchema = { type: ['string', 'null'], description: 'a date as yyyy-MM-dd' };

/** A code of a closed list (a status, a flag). */
export function codeOf(codes: readonly string[], nullable = false): JsonSchema {
  return nullable ? { type: ['string', 'null'], enum: [...codes, null] } : { type: 'string', enum: [...codes] };
}

/** The id of the saved row (0 where the spec answers "not allowed"). */
export const idAnswer = envelope({ type: 'integer', minimum: 0, description: 'the id of the saved row' });

/** A yes or no answer. */
export const booleanAnswer = envelope({ type: 'boolean' });

/** A choice list: each value with the text shown for it. */
export const choices = envelope(list(fixedObject({ optionValue: requiredText, optionDisplay: requiredText })));

/** The spec's `data: 1` of an action that answers only that it was done (bounds, not `const`: a refusal is null). */
export const doneAnswer = envelope({ type: 'integer', minimum: 1, maximum: 1, description: '1: done' });
