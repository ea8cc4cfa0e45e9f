import { useParams, useSearch } from 'wouter';
import { isRequestId } from '../../kit/api';
import { useT } from '../../kit/i18n';
import { ErrorPanel } from './ErrorPanel';

/** /error/:status — shown after a failed HTTP response (spec 000 §8), with the status message. */
export function ErrorStatusPage() {
  const t = useT();
  const { status = '' } = useParams<{ status: string }>();
  // Only a 3-digit status is echoed: the path is user-controlled.
  const code = /^\d{3}$/.test(status) ? status : '';
  const key = `http.${code}`;
  const message = code && t(key) !== key ? t(key) : t('errorPage.unknown');
  // A server failure's request id (`?ref=`, kit/api.ts), echoed only when it looks like one: the address is typed.
  const ref = new URLSearchParams(useSearch()).get('ref') ?? '';
  const reference = code.startsWith('5') && isRequestId(ref) ? ref : undefined;
  // Back to the screen the failed call came from (spec 000 §2: the error pages offer going back and going home).
  return <ErrorPanel code={code || '!'} message={message} reference={reference} showBack />;
}
