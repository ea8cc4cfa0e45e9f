/**
 * The api client every screen uses: redaxios wrapped once with the token and language headers, the
 * envelope rules and the HTTP status handling of spec 000 §7/§8.
 */
import type SlAlertElement from '@shoelace-style/shoelace/dist/components/alert/alert.component.js';
import type SlIconElement from '@shoelace-style/shoelace/dist/components/icon/icon.component.js';
import redaxios from 'redaxios';
import { navigate } from 'wouter/use-browser-location';
import { BUSINESS_ERROR, type Envelope, LANGUAGE_HEADER, SUCCESS, TOKEN_HEADER } from '../../shared/wire';
import { translate } from './i18n';
import { currentToken, forgetTab, rememberReturnTo, rememberSignedOutReason, session, signOut } from './session';
import './slLogin';

export const API_BASE = '/api';

const TIMEOUT_MS = 60000;
const TOAST_MS = 2000;

/** A call that did not produce an HTTP 200 envelope. `status` 0 means no response (network error, timeout). */
export class ApiError extends Error {
  status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export interface ApiOptions {
  /** Do not toast a business refusal (code != 200); HTTP failures are still handled. */
  silent?: boolean;
  /**
   * The caller shows a transport failure itself (the login screen, spec 000 §8 "A transport error shows its
   * message"): no toast, no error page; the rejection's ApiError carries the translated message.
   */
  inline?: boolean;
}

// Calls a signed-out user may make: the login screen's own, and a dock station's (they carry the station key; the
// server answers those that need a session with 401, which the kiosk handles itself).
const PUBLIC_PATHS = ['/login', '/captcha.jpg', '/config/public'];
const isPublic = (path: string) => PUBLIC_PATHS.includes(path) || path.startsWith('/kiosk/');

// The dock station's key header (issue 16): sent with every call of a browser that is a station. Empty elsewhere.
let stationHeader: Record<string, string> = {};

/** Sends the station key header (`x-station-key`, named by the kiosk's contract) with every call; null stops it. */
export function setStationKeyHeader(header: { name: string; key: string } | null): void {
  stationHeader = header ? { [header.name]: header.key } : {};
}

const TOAST_VARIANT = { success: 'success', error: 'danger', warning: 'warning' } as const;
const TOAST_ICON = { success: 'check2-circle', error: 'exclamation-octagon', warning: 'exclamation-triangle' } as const;

/** Shows a Shoelace toast in the corner for 2000 ms. */
export function toast(kind: 'success' | 'error' | 'warning', message: string): void {
  const alert = document.createElement('sl-alert') as SlAlertElement;
  alert.variant = TOAST_VARIANT[kind];
  alert.closable = true;
  alert.duration = TOAST_MS;
  const icon = document.createElement('sl-icon') as SlIconElement;
  icon.slot = 'icon';
  icon.name = TOAST_ICON[kind];
  alert.append(icon);
  // textContent, never innerHTML: server messages may echo user input.
  alert.append(document.createTextNode(message));
  document.body.append(alert);
  void alert.toast();
}

function currentPath(): string {
  return location.pathname + location.search;
}

/** Ends the session and shows the login screen, which returns to this page (and says why, when given). */
function sendToLogin(reasonKey?: string): void {
  rememberReturnTo(currentPath());
  if (reasonKey) rememberSignedOutReason(reasonKey);
  signOut();
  navigate('/login', { replace: true });
}

function isResponse(value: unknown): value is { status: number; data: unknown } {
  return typeof value === 'object' && value !== null && 'status' in value && typeof value.status === 'number';
}

function httpMessage(status: number, path: string): string {
  const key = `http.${status}`;
  const message = translate(key);
  if (message === key) return translate('api.httpOther', { status });
  // Spec 000 §8: the 404 message names the address.
  return status === 404 ? `${message}: ${API_BASE}${path}` : message;
}

const ERROR_PAGE = '/error/';

/** What the server accepts as a request id (platform/operations.ts): 1–128 visible ASCII characters. */
export const isRequestId = (id: string): boolean => /^[\x21-\x7e]{1,128}$/.test(id);

/** The request id of a failed answer (`x-request-id`), for the error page of a server failure (5xx). */
function failureReference(status: number, headers: unknown): string | null {
  if (status < 500 || !(headers instanceof Headers)) return null;
  const id = headers.get('x-request-id') ?? '';
  return isRequestId(id) ? id : null;
}
// The screen (its address) and the call that last led to an error page, until that call succeeds again.
let lastFailure: { screen: string; path: string } | null = null;

/** A call answered: the screen that made it no longer fails at once when opened again. */
function succeeded(path: string): void {
  if (lastFailure?.path === path) lastFailure = null;
}

// Spec 000/001 §8: every failed request with a response shows /error/{status}, except 401 and 405 (the login screen).
// That includes calls the user did not start, such as lookups while typing: they send only bounded input (a search
// box takes no more characters than its field holds), so the server answers one of them with 400 only on a defect,
// and the error page's "Go back" returns to the screen. Business refusals are HTTP 200 and never leave the screen.
function handleHttpFailure(status: number, path: string, reference: string | null = null): void {
  const message = httpMessage(status, path);
  if (status === 401 || status === 405) {
    // Parallel calls fail together; only the first one (which still had a session) toasts and redirects.
    if (!session.token) return;
    toast('error', message);
    // 401 with a token: the session expired (idle or absolute); 405: a newer login elsewhere ended it.
    sendToLogin(status === 405 ? 'http.405' : 'shell.sessionExpired');
    return;
  }
  // The error page shows the status message; only the 404 one, naming the address (spec 000 §8), says more.
  if (status === 404) toast('error', message);
  const onErrorPage = location.pathname.startsWith(ERROR_PAGE);
  const screen = currentPath();
  // The same call of the same screen failed again, with no success between (as soon as "Go back" returned to it): the
  // error page takes the screen's place in the history, so that "Go back" leads further back, not to the same failure.
  const again = lastFailure?.screen === screen && lastFailure.path === path;
  if (!onErrorPage) {
    lastFailure = { screen, path };
    // The failed screen's tab leaves the workspace, which going home would otherwise mount again (and fail again).
    // "Go back" opens it afresh from its address.
    forgetTab(location.pathname);
  }
  // Parallel failures show one error page, and "Go back" leads to the screen rather than to another error page.
  // A server failure names its request id on the page, for the user to quote (server README "Operations").
  const query = reference ? `?ref=${encodeURIComponent(reference)}` : '';
  navigate(ERROR_PAGE + status + query, { replace: onErrorPage || again });
}

function handleEnvelope<T>(envelope: Envelope<T>, opts: ApiOptions | undefined): Envelope<T> {
  if (envelope.code === SUCCESS || opts?.silent) return envelope;
  const msg = envelope.msg ?? '';
  if (envelope.code === BUSINESS_ERROR) toast('error', msg || translate('api.failed'));
  else toast('error', `${translate('api.failedPrefix')}${msg}`);
  return envelope;
}

async function request<T>(
  method: 'get' | 'post',
  url: string,
  body: unknown,
  params: Record<string, string | number> | undefined,
  opts: ApiOptions | undefined,
): Promise<Envelope<T>> {
  // Accept both '/tWhse/findPage' and '/api/tWhse/findPage'.
  const path = url.startsWith(`${API_BASE}/`) ? url.slice(API_BASE.length) : url;
  const token = currentToken();
  if (!token && !isPublic(path)) {
    sendToLogin();
    throw new ApiError(401, 'not signed in');
  }
  const headers: Record<string, string> = { [LANGUAGE_HEADER]: session.language, ...stationHeader };
  if (token) headers[TOKEN_HEADER] = token;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    const response = await redaxios<Envelope<T>>({
      url: API_BASE + path,
      method,
      data: method === 'post' ? (body ?? {}) : undefined,
      params: params ? Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) : undefined,
      headers,
      withCredentials: true,
      // redaxios has no timeout option: pass the abort signal through its fetch hook.
      fetch: (input, init) => fetch(input, { ...init, signal: controller.signal }),
    });
    succeeded(path);
    const envelope = response.data;
    if (typeof envelope !== 'object' || envelope === null || !('code' in envelope)) {
      console.error(`${method.toUpperCase()} ${url}: the answer is not an envelope`);
      throw new ApiError(response.status, translate('api.failed'));
    }
    return handleEnvelope(envelope, opts);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (isResponse(error)) {
      const headers = 'headers' in error ? error.headers : null;
      if (!opts?.inline) handleHttpFailure(error.status, path, failureReference(error.status, headers));
      throw new ApiError(error.status, httpMessage(error.status, path));
    }
    // No response (network down, timeout): logged only, as the spec says.
    console.error(`${method.toUpperCase()} ${url} failed without a response`, error);
    throw new ApiError(0, translate(controller.signal.aborted ? 'http.408' : 'api.unreachable'));
  } finally {
    clearTimeout(timer);
  }
}

/** POST JSON to `API_BASE + url`; resolves the envelope for any HTTP 200 (code may be != 200: a toast was already shown). Rejects with ApiError otherwise. */
export function apiPost<T>(url: string, body?: unknown, opts?: ApiOptions): Promise<Envelope<T>> {
  return request<T>('post', url, body, undefined, opts);
}

/** GET with query parameters; same envelope and failure handling as apiPost. */
export function apiGet<T>(url: string, params?: Record<string, string | number>, opts?: ApiOptions): Promise<Envelope<T>> {
  return request<T>('get', url, undefined, params, opts);
}

/**
 * POST JSON to `API_BASE + url` for a document: resolves the PDF as a Blob when the answer is `application/pdf`, or
 * null when the server refused it (its envelope's message was toasted, as apiPost does). HTTP failures are handled as
 * apiPost handles them, and reject with ApiError.
 */
export async function apiPdf(url: string, body?: unknown): Promise<Blob | null> {
  const path = url.startsWith(`${API_BASE}/`) ? url.slice(API_BASE.length) : url;
  const token = currentToken();
  if (!token) {
    sendToLogin();
    throw new ApiError(401, 'not signed in');
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    const response = await fetch(API_BASE + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [LANGUAGE_HEADER]: session.language,
        [TOKEN_HEADER]: token,
        ...stationHeader,
      },
      body: JSON.stringify(body ?? {}),
      credentials: 'include',
      signal: controller.signal,
    });
    if (!response.ok) {
      handleHttpFailure(response.status, path, failureReference(response.status, response.headers));
      throw new ApiError(response.status, httpMessage(response.status, path));
    }
    succeeded(path);
    if ((response.headers.get('content-type') ?? '').startsWith('application/pdf')) {
      // Read as bytes, not with blob(): a body streamed straight to blob storage is lost to the browser's network
      // inspector (and to the browser tests that keep the documents).
      return new Blob([await response.arrayBuffer()], { type: 'application/pdf' });
    }
    // Not a document: a refusal in the usual envelope.
    const envelope: unknown = await response.json().catch(() => null);
    if (typeof envelope !== 'object' || envelope === null || !('code' in envelope)) {
      console.error(`POST ${url}: the answer is neither a PDF nor an envelope`);
      throw new ApiError(response.status, translate('api.failed'));
    }
    const answer = envelope as Envelope<unknown>;
    // A success envelope where a document was expected is a failure all the same.
    if (answer.code === SUCCESS) toast('error', translate('api.failed'));
    else handleEnvelope(answer, undefined);
    return null;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    console.error(`POST ${url} failed without a response`, error);
    throw new ApiError(0, translate(controller.signal.aborted ? 'http.408' : 'api.unreachable'));
  } finally {
    clearTimeout(timer);
  }
}
