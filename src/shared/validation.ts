import type { EntityDef, FieldDef } from './entities/defineEntity';
import type { ErrorCode, ErrorParams } from './errors';

/** One refused field: the console shows it under the field, the server answers the first one. */
export interface FieldProblem {
  field: string;
  code: ErrorCode;
  params: ErrorParams;
}

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const INT = /^-?(0|[1-9]\d*)$/;
const DECIMAL = /^-?(0|[1-9]\d*)(\.\d{1,3})?$/;

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Checks one field value against its definition; `null` when it is acceptable. */
export function checkField(entity: string, field: string, def: FieldDef, value: unknown): FieldProblem | null {
  const params = { field: `entity.${entity}.field.${field}` };
  if (isEmpty(value)) return def.required ? { field, code: 'fieldRequired', params } : null;
  const text = String(value).trim();
  switch (def.type) {
    case 'text':
      if (def.max !== undefined && text.length > def.max)
        return { field, code: 'fieldTooLong', params: { ...params, max: def.max } };
      if (def.pattern && !new RegExp(def.pattern).test(text)) return { field, code: 'fieldInvalid', params };
      return null;
    case 'int':
      return INT.test(text) ? null : { field, code: 'fieldNotNumber', params };
    case 'decimal':
      return DECIMAL.test(text) ? null : { field, code: 'fieldNotNumber', params };
    case 'date':
      return DATE.test(text) ? null : { field, code: 'fieldNotDate', params };
    case 'code':
      return def.codes?.includes(text)
        ? null
        : { field, code: 'fieldNotInList', params: { ...params, values: (def.codes ?? []).join(', ') } };
  }
}

/** Checks every editable field of a row; returns the problems in form order. */
export function validateRow(def: EntityDef, row: Record<string, unknown>): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const [field, fieldDef] of Object.entries(def.fields)) {
    if (fieldDef.readOnly) continue;
    const problem = checkField(def.name, field, fieldDef, row[field]);
    if (problem) problems.push(problem);
  }
  return problems;
}
