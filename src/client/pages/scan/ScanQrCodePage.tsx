/**
 * Core/ScanQrCode?userId (spec 001 §2.12): the camera stream, scanning continuously. Camera errors are shown here
 * (§8), and the last decoded result is displayed only while a camera error is shown, as the spec has it. Cancel goes
 * back to the previous screen.
 */
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useT } from '../../kit/i18n';
import { SlAlert, SlButton, SlIcon } from '../../kit/sl';
import { useScreenShown } from '../../kit/useScreenShown';
import { cameraErrorMessage } from './camera';
import { SCAN_QR_URL } from './scanRoutes';
import { useCamera } from './useCamera';
import './scan.css';

export function ScanQrCodePage() {
  const t = useT();
  const [, setLocation] = useLocation();
  // The spec's query value; the page shows no user data, so it only marks whose scan this is.
  const userId = new URLSearchParams(useSearch()).get('userId') ?? '';
  const shown = useScreenShown(SCAN_QR_URL);
  const [result, setResult] = useState('');
  const { videoRef, state, stop } = useCamera(shown, { onResult: setResult });
  const failure = state.phase === 'failed' ? cameraErrorMessage(state.error) : null;

  const cancel = () => {
    stop();
    if (history.length > 1) history.back();
    else setLocation('/');
  };

  return (
    <section className="scan-page" data-testid="scan-qr-page" data-camera={state.phase} data-user-id={userId || undefined}>
      <div className="scan-viewport">
        <video ref={videoRef} className="scan-video" muted playsInline autoPlay data-testid="scan-video" />
        <div className="scan-frame" aria-hidden="true" />
      </div>
      {failure && (
        <SlAlert variant="danger" open className="scan-error" data-testid="scan-error">
          <SlIcon slot="icon" name="camera-video-off" />
          <p>{t(failure.key, failure.values)}</p>
          {result && <p data-testid="scan-last-result">{t('scan.qr.lastResult', { result })}</p>}
        </SlAlert>
      )}
      <SlButton className="scan-cancel" size="large" data-testid="scan-cancel" onClick={cancel}>
        {t('scan.cancel')}
      </SlButton>
    </section>
  );
}
