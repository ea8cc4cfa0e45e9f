import { useState } from 'react';
import type { KioskLoginAnswer, StationConfig } from '../../shared/kiosk';
import { useT } from '../kit/i18n';
import { SlIcon } from '../kit/sl';
import { type KioskResult, loginByBadge, loginByPin } from './kioskApi';
import { LanguageToggle } from './LanguageToggle';
import { OnScreenKeyboard } from './OnScreenKeyboard';
import { OutboxStatus } from './OutboxStatus';
import { OfflineNotice } from './offline/OfflineNotice';
import { ScanField } from './ScanField';
import { StationTitle } from './StationTitle';

interface Props {
  station: StationConfig;
  onSignedIn: (answer: KioskLoginAnswer) => void;
}

const MAX_PIN = 8;
const MAX_ACCOUNT = 40;

/**
 * The station's sign-in: a badge scan (the wedge burst lands in a hidden field that keeps the focus), or the account
 * typed on the station's keyboard and then the PIN on its digit pad. No captcha: the station key vouches for the
 * place, and the server limits tries.
 */
export function SignInScreen({ station, onSignedIn }: Props) {
  const t = useT();
  const [step, setStep] = useState<'account' | 'pin'>('account');
  const [account, setAccount] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const finish = async (call: () => Promise<KioskResult<KioskLoginAnswer>>) => {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const answer = await call();
      if (answer.ok) onSignedIn(answer.data);
      else {
        setError(answer.message);
        setPin('');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="kiosk-page" data-testid="kiosk-signin">
      <header className="kiosk-bar">
        <StationTitle station={station} />
        <LanguageToggle />
      </header>
      <main className="kiosk-signin">
        <section className="kiosk-signin-badge">
          <SlIcon name="upc-scan" className="kiosk-signin-icon" />
          <h1>{t('kiosk.signIn.badgeTitle')}</h1>
          <p>{t('kiosk.signIn.badgeHint')}</p>
          <ScanField
            hidden
            label={t('kiosk.signIn.badgeTitle')}
            testId="kiosk-badge"
            onScan={(badge) => void finish(() => loginByBadge({ badge }))}
          />
          <p className="kiosk-error" data-testid="kiosk-signin-error" role="alert">
            {error}
          </p>
          {/* Hand-overs waiting: the outbox sends them with the station's own credentials, nobody signed in. */}
          <OfflineNotice />
          <OutboxStatus />
          {!window.isSecureContext && (
            <p className="kiosk-insecure" data-testid="kiosk-insecure">
              {t('kiosk.insecure')}
            </p>
          )}
        </section>
        <section className="kiosk-signin-pin">
          <h2>{t('kiosk.signIn.pinTitle')}</h2>
          <div className="kiosk-fields">
            <button
              type="button"
              className={`kiosk-field${step === 'account' ? ' kiosk-field-active' : ''}`}
              data-testid="kiosk-account"
              onClick={() => setStep('account')}
            >
              <span className="kiosk-field-label">{t('kiosk.signIn.account')}</span>
              <span className="kiosk-field-value">{account || ' '}</span>
            </button>
            <button
              type="button"
              className={`kiosk-field${step === 'pin' ? ' kiosk-field-active' : ''}`}
              data-testid="kiosk-pin"
              disabled={!account}
              onClick={() => setStep('pin')}
            >
              <span className="kiosk-field-label">{t('kiosk.signIn.pin')}</span>
              <span className="kiosk-field-value">{'●'.repeat(pin.length) || ' '}</span>
            </button>
          </div>
          {step === 'account' ? (
            <OnScreenKeyboard
              layout="text"
              lowerCase
              onKey={(key) => setAccount((value) => (value + key).slice(0, MAX_ACCOUNT))}
              onBackspace={() => setAccount((value) => value.slice(0, -1))}
              onOk={() => setStep('pin')}
              okDisabled={!account}
            />
          ) : (
            <OnScreenKeyboard
              layout="digits"
              onKey={(key) => setPin((value) => (value + key).slice(0, MAX_PIN))}
              onBackspace={() => setPin((value) => value.slice(0, -1))}
              onOk={() => void finish(() => loginByPin({ account, pin }))}
              okDisabled={busy || pin.length < 4}
            />
          )}
        </section>
      </main>
    </div>
  );
}
