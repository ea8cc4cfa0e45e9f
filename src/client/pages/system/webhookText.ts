/**
 * The webhook screens' texts the server keeps in a form of its own (modules/webhooks README): an address the
 * dispatcher refused is logged as `AddressRefused: addressRefused host=… address=… range=…` (in the delivery log, and
 * as the reason of a pause), and shown here in the reader's language. Any other error (HTTP 500, a network error)
 * is shown as it was logged.
 */
type Translate = (id: string, values?: Record<string, string | number>) => string;

const REFUSED = /^AddressRefused: addressRefused host=(\S+) address=(\S+) range=(\w+)$/;

export function deliveryErrorText(t: Translate, value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  const refused = REFUSED.exec(text);
  if (!refused) return text;
  const [, host = '', address = '', range = ''] = refused;
  return t('webhooks.error.refused', { host, address, range: t(`webhooks.range.${range}`) });
}
