/** Closed set of business error codes; each has a message `error.<code>` in both locale files. */
export const ERROR_CODES = [
  'loginAccountRequired',
  'loginPasswordRequired',
  'loginCaptchaRequired',
  'loginCaptchaInvalid',
  'loginNoTenant',
  'loginInvalidAccount',
  'loginNoLanguage',
  'loginDisabled',
  'loginThrottled',
  'notAllowedSave',
  'notAllowedDelete',
  'fieldRequired',
  'fieldTooLong',
  'fieldInvalid',
  'fieldNotInList',
  'fieldNotNumber',
  'fieldNotDate',
  'unknownFilter',
  'duplicateKey',
  'inUse',
  'notFound',
  'warehouseNotGranted',
  // Master data (masterdata module)
  'referenceNotFound',
  'numberOutOfRange',
  'controlValueLocked',
  'controlValueBackwards',
  'attributeTypesGap',
  'attributeTypeRepeated',
  'attributeTypesInUse',
  'baseUomFactor',
  'baseUomDelete',
  'locationNotEmpty',
  'notStagingLocation',
  'overflowZoneSelf',
  'itemNotSerialControlled',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Values interpolated into a localized message, e.g. `{field}`; a list is joined with ` + `. */
export type ErrorParams = Record<string, string | number | readonly string[]>;
