import { envelope, type JsonSchema, sharedSchema } from './openapi';

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

// Shapes of the hand-written routes

/** A text that is always there (not null). */
export const string: JsonSchema = { type: 'string' };

/** An integer that is always there. */
export const integer: JsonSchema = { type: 'integer' };

/** A nullable integer. */
export const nullableInteger: JsonSchema = { type: ['integer', 'null'] };

/** A flag. */
export const boolean: JsonSchema = { type: 'boolean' };

/** A time as ISO 8601 text that is always there. */
export const isoTime: JsonSchema = { type: 'string', format: 'date-time' };

/** One of a closed set of codes (all text or all integers). */
export function oneOf(values: readonly (string | number)[]): JsonSchema {
  return { type: typeof values[0] === 'number' ? 'integer' : 'string', enum: [...values] };
}

/** The schema or null. */
export function nullable(schema: JsonSchema): JsonSchema {
  if (schema.type === undefined) return { anyOf: [schema, { type: 'null' }] };
  const types = [schema.type].flat() as string[];
  if (types.includes('null')) return schema;
  const values = schema.enum as unknown[] | undefined;
  return { ...schema, type: [...types, 'null'], ...(values ? { enum: [...values, null] } : {}) };
}

/**
 * An object of exactly these fields (an answer whose shape is fixed): each present unless named optional, no other
 * (`additionalProperties: false`, so that the conformance run sees a field the schema forgot).
 */
export function closed(properties: Record<string, JsonSchema>, optional: readonly string[] = []): JsonSchema {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties).filter((key) => !optional.includes(key)),
    additionalProperties: false,
  };
}

/** One choice of a choice list (`/globalOptions/*` and the forms' other lists): the code and its display. */
export const option: JsonSchema = closed({ optionValue: string, optionDisplay: string });

/** A choice list. */
export const optionsAnswer = envelope(list(option));

/** A list of names or codes. */
export const textsAnswer = envelope(list(string));

/**
 * A tree (menus, departments): nodes of these fields, each with its `children`, nodes of the same shape. Shared by
 * name under `components.schemas`, since the node refers to itself.
 */
export function tree(name: string, fields: Record<string, JsonSchema>): JsonSchema {
  return sharedSchema(name, (self) => closed({ ...fields, children: list(self) }));
}

/** A warehouse a user or API key may work in, with its clients (null: every client of it). */
export const warehouseGrant: JsonSchema = closed({ whId: string, clientCodes: { type: ['array', 'null'], items: string } });

/** What a user or API key may do: its roles and its warehouse grants. */
export const accessAnswer = envelope(closed({ roleIds: list(integer), warehouses: list(warehouseGrant) }));

/** The warehouses (with their clients) an administrator may grant: their own. */
export const grantOptionsAnswer = envelope(
  list(
    closed({
      whId: string,
      name: string,
      clients: list(closed({ clientCode: string, name: string })),
    }),
  ),
);

/** A role as the user and API key forms choose it. */
export const roleOption: JsonSchema = closed({ id: integer, name: string, remark: text, superAdmin: boolean });

/** An answer that is always this one value (an action that answers 1, a probe's greeting); null on a refusal. */
export function constantAnswer(value: string | number): JsonSchema {
  return envelope({ type: [typeof value === 'number' ? 'integer' : 'string', 'null'], enum: [value, null] });
}

/** A row schema with more fields named (the columns a route adds to an entity's rows). */
export function withFields(row: JsonSchema, properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return {
    ...row,
    properties: { ...(row.properties as Record<string, JsonSchema>), ...properties },
    required: [...((row.required as string[] | undefined) ?? []), ...required],
  };
}

/** The id of the row an action changed, 0 when there is no such row. */
export const changedIdAnswer = envelope({ type: 'integer', minimum: 0, description: 'the id of the row changed; 0: none' });

/** A new session: its token (for the `token` header) and when it ends at the latest. */
export const sessionFields: Record<string, JsonSchema> = { token: string, expireTime: isoTime };

/** A decimal always present, sent as text. */
export const amount: JsonSchema = { type: 'string', description: 'a decimal number as text' };

/** A nullable calendar day as `yyyy-MM-dd` text. */
export const day: JsonSchema = { type: ['string', 'null'], description: 'a date as yyyy-MM-dd' };

/** The id of the saved row (0 where the spec answers "not allowed"). */
export const idAnswer = envelope({ type: 'integer', minimum: 0, description: 'the id of the saved row' });

/** A yes or no answer. */
export const booleanAnswer = envelope({ type: 'boolean' });

/** The spec's `data: 1` of an action that answers only that it was done (bounds, not `const`: a refusal is null). */
export const doneAnswer = envelope({ type: 'integer', minimum: 1, maximum: 1, description: '1: done' });
