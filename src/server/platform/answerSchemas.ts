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
