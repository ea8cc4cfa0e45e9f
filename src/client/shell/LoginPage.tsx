import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { isLanguage, LANGUAGE_HEADER, type LanguageCode, type LoginAnswer } from '../../shared/wire';
import { API_BASE, ApiError, apiGet, apiPost } from '../kit/api';
import { translate, useT } from '../kit/i18n';
import { session, setLanguage, signedOutReason, signIn, takeReturnTo } from '../kit/session';
import { SlAlert, SlButton, SlIcon, SlInput } from '../kit/slLogin';
import { LanguageSelect } from './LanguageSelect';
import { loadProfile } from './loadNavigation';
import { ThemePicker } from './ThemePicker';

/** The answer of GET /config/public. */
interface PublicConfig {
  appName: string;
  filingNumber: string;
  captcha: boolean;
}

type Field = 'account' | 'password' | 'captcha';
const REQUIRED_KEYS: Record<Field, string> = {
  account: 'login.accountRequired',
  password: 'login.passwordRequired',
  captcha: 'login.captchaRequired',
};

/** A new captcha image (an object URL), or why there is none: the server's message, such as too many from this address. */
type Captcha = { src: string; error?: undefined } | { src?: undefined; error: string };

async function fetchCaptcha(): Promise<Captcha> {
  try {
    // Fetched rather than an <img src>: a refusal (429 when an address asks too often) carries a message to show. The
    // timestamp defeats caches: each captcha is single-use. The HttpOnly cookie naming it is kept as for any answer.
    const response = await fetch(`${API_BASE}/captcha.jpg?t=${Date.now()}`, {
      headers: { [LANGUAGE_HEADER]: session.language },
      cache: 'no-store',
    });
    if (response.ok) return { src: URL.createObjectURL(await response.blob()) };
    const envelope: unknown = await response.json().catch(() => null);
    const msg = typeof envelope === 'object' && envelope !== null && 'msg' in envelope ? envelope.msg : null;
    return { error: typeof msg === 'string' && msg ? msg : translate('api.failed') };
  } catch {
    return { error: translate('api.unreachable') };
  }
}

function inputValue(event: Event): string {
  return (event.target as SlInputElement).value;
}

/** /login (spec 000 §2 "Login screen"). */
export function LoginPage() {
  const t = useT();
  const [, setLocation] = useLocation();
  const [config, setConfig] = useState<PublicConfig | null>(null);
  const [configFailed, setConfigFailed] = useState(false);
  const [values, setValues] = useState<Record<Field, string>>({ account: '', password: '', captcha: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  // Only the newest request's image is shown (clicks may overlap); the one shown is released when replaced.
  const captchaRequest = useRef(0);
  const shownCaptcha = useRef<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A language the user picked on this page (null: the page opened in the browser's last one and was left alone).
  const chosenHere = useRef<LanguageCode | null>(null);
  // Why the previous session ended (another device, expiry), shown until the next sign-in.
  const [reason] = useState(signedOutReason);
  // Spec 000 §8 Login: "A transport error shows its message" (server unreachable, 500 …), here on the screen.
  const [transportError, setTransportError] = useState('');

  // The workspace's own Shoelace components (select, dialog, checkbox …) are not on the login route: they load in the
  // background while the user types, so the first screen after signing in does not wait for them.
  useEffect(() => {
    void import('../kit/sl');
  }, []);

  useEffect(() => {
    apiGet<PublicConfig>('/config/public', undefined, { silent: true, inline: true })
      .then((answer) => {
        if (answer.code !== 200 || !answer.data) {
          setConfigFailed(true);
          return;
        }
        setConfig(answer.data);
        session.appName = answer.data.appName || session.appName;
      })
      .catch((error: unknown) => {
        setConfigFailed(true);
        if (error instanceof ApiError) setTransportError(error.message);
      });
  }, []);

  // The captcha image is fetched only once the configuration asks for it (each fetch creates a server-side
  // challenge); without a configuration the safe assumption is that it is required.
  const captchaOn = config ? config.captcha !== false : configFailed;
  const fields: Field[] = captchaOn ? ['account', 'password', 'captcha'] : ['account', 'password'];

  const setField = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (value.trim()) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const loadCaptcha = useCallback(async () => {
    const request = ++captchaRequest.current;
    const next = await fetchCaptcha();
    if (request !== captchaRequest.current) {
      // A newer request, or leaving the screen, overtook this one.
      if (next.src) URL.revokeObjectURL(next.src);
      return;
    }
    if (shownCaptcha.current) URL.revokeObjectURL(shownCaptcha.current);
    shownCaptcha.current = next.src ?? null;
    setCaptcha(next);
  }, []);

  useEffect(() => {
    if (captchaOn) void loadCaptcha();
  }, [captchaOn, loadCaptcha]);

  // The image shown is released when the screen goes; a request still under way is dropped when it answers.
  useEffect(
    () => () => {
      captchaRequest.current++;
      if (shownCaptcha.current) URL.revokeObjectURL(shownCaptcha.current);
      shownCaptcha.current = null;
    },
    [],
  );

  const refreshCaptcha = () => {
    void loadCaptcha();
    setValues((v) => ({ ...v, captcha: '' }));
  };

  const reset = () => {
    setValues({ account: '', password: '', captcha: '' });
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = Object.fromEntries(fields.filter((f) => !values[f].trim()).map((f) => [f, REQUIRED_KEYS[f]]));
    setErrors(missing);
    if (Object.keys(missing).length > 0 || busy) return;
    setBusy(true);
    setTransportError('');
    const account = values.account.trim();
    try {
      const answer = await apiPost<LoginAnswer>(
        '/login',
        // Only a language picked on this page is sent (the server saves it as the user's); the one the page merely opened
        // in — the last user's of this browser — never overwrites the profile's (issue 27 item 12).
        {
          account,
          password: values.password,
          captcha: captchaOn ? values.captcha.trim() : '',
          ...(chosenHere.current ? { language: chosenHere.current } : {}),
        },
        { inline: true },
      );
      if (answer.code !== 200 || !answer.data?.token) {
        // The api client already showed the server's message; a used captcha is spent.
        refreshCaptcha();
        return;
      }
      signIn(answer.data.token, account);
      // The console opens in the profile's language (the one just picked here, when one was); the page's stays if the
      // profile cannot be read.
      const profile = await loadProfile(account);
      if (profile && isLanguage(profile.language)) setLanguage(profile.language);
      setLocation(takeReturnTo(), { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setTransportError(error.message);
      refreshCaptcha();
    } finally {
      setBusy(false);
    }
  };

  const appName = config?.appName || session.appName;
  return (
    <div className="login-page">
      <div className="login-tools">
        <ThemePicker />
        <LanguageSelect
          onChosen={(language) => {
            chosenHere.current = language;
          }}
        />
      </div>
      <form className="login-card" onSubmit={submit} noValidate>
        <div className="login-brand">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <div>
            <h1>{appName}</h1>
            <p>{t('login.subtitle')}</p>
          </div>
        </div>
        {reason ? (
          <SlAlert open variant="warning" className="login-reason" data-testid="signed-out-reason">
            <SlIcon slot="icon" name="exclamation-triangle" />
            {t(reason)}
          </SlAlert>
        ) : null}
        {transportError ? (
          <SlAlert open variant="danger" className="login-reason" data-testid="login-transport-error">
            <SlIcon slot="icon" name="exclamation-octagon" />
            {transportError}
          </SlAlert>
        ) : null}
        <div className="login-field">
          <SlInput
            name="account"
            autocomplete="username"
            placeholder={t('login.account')}
            // A name for screen readers (and axe), out of sight: the placeholder says it on screen (shell.css).
            label={t('login.account')}
            className="wharf-label-hidden"
            value={values.account}
            onSlInput={(e) => setField('account', inputValue(e))}
            data-invalid={errors.account ? '' : undefined}
          >
            <SlIcon slot="prefix" name="person" />
          </SlInput>
          <div className="field-error">{errors.account ? t(errors.account) : ''}</div>
        </div>
        <div className="login-field">
          <SlInput
            name="password"
            type="password"
            autocomplete="current-password"
            passwordToggle
            placeholder={t('login.password')}
            label={t('login.password')}
            className="wharf-label-hidden"
            value={values.password}
            onSlInput={(e) => setField('password', inputValue(e))}
            data-invalid={errors.password ? '' : undefined}
          >
            <SlIcon slot="prefix" name="lock" />
          </SlInput>
          <div className="field-error">{errors.password ? t(errors.password) : ''}</div>
        </div>
        {captchaOn && (
          <div className="login-field">
            <div className="captcha-row">
              <SlInput
                name="captcha"
                autocomplete="off"
                placeholder={t('login.captcha')}
                label={t('login.captcha')}
                className="wharf-label-hidden"
                value={values.captcha}
                onSlInput={(e) => setField('captcha', inputValue(e))}
                data-invalid={errors.captcha ? '' : undefined}
              >
                <SlIcon slot="prefix" name="shield-check" />
              </SlInput>
              <button type="button" className="captcha-image" onClick={refreshCaptcha} title={t('login.captchaRefresh')}>
                {captcha?.src ? (
                  <img src={captcha.src} alt={t('login.captchaAlt')} width={110} height={36} />
                ) : captcha?.error ? (
                  <SlIcon name="arrow-clockwise" label={t('login.captchaRefresh')} />
                ) : null}
              </button>
            </div>
            <div className="field-error" data-testid="captcha-error">
              {errors.captcha ? t(errors.captcha) : (captcha?.error ?? '')}
            </div>
          </div>
        )}
        <div className="login-actions">
          <SlButton type="button" onClick={reset}>
            {t('login.reset')}
          </SlButton>
          <SlButton type="submit" variant="primary" loading={busy}>
            {t('login.submit')}
          </SlButton>
        </div>
      </form>
      <footer className="login-footer">
        <span>© 2024 Wharf</span>
        {config?.filingNumber ? <span>{config.filingNumber}</span> : null}
      </footer>
    </div>
  );
}
