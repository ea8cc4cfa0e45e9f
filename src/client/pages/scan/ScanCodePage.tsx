/**
 * Core/ScanCodePage (spec 001 §2.12): the RF dialog's camera, a full page of its own like the dialog (App.tsx: no
 * console menu or header in the middle of a handheld flow). Opens the back camera, scans continuously, shows what it
 * is doing (calling the camera, trying to recognise) and a recognition-failed tip for 2 s; on a result or Cancel it
 * stops the camera and goes to /Core/RfDialog with the same query values, plus scanText after a result. A camera error
 * is logged (§8) and also said in place of the hint — "no camera on this device" rather than a spinner for ever (issue 27
 * item 12); the handheld worker still has Cancel and the keyboard-wedge scanner.
 */
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useT } from '../../kit/i18n';
import { SlButton, SlIcon, SlSpinner } from '../../kit/sl';
import { useScreenShown } from '../../kit/useScreenShown';
import { cameraErrorMessage } from './camera';
import { rfDialogUrl, SCAN_CODE_URL, SCAN_RETRY_TIP_MS, SCAN_TIP_HIDE_MS } from './scanRoutes';
import { useCamera } from './useCamera';
import './scan.css';

export function ScanCodePage() {
  const t = useT();
  const [, setLocation] = useLocation();
  const search = useSearch();
  const shown = useScreenShown(SCAN_CODE_URL);
  const [misread, setMisread] = useState(false);

  const { videoRef, state, stop } = useCamera(shown, {
    onResult: (text) => leave(text),
    onError: (error) => {
      const { key, values } = cameraErrorMessage(error);
      console.warn(t(key, values), error);
    },
  });

  // Nothing recognised for a while: the tip says so for 2 s, then the hint alone shows again.
  const scanning = state.phase === 'scanning';
  useEffect(() => {
    if (!scanning) return;
    let hide: ReturnType<typeof setTimeout> | undefined;
    const every = setInterval(() => {
      setMisread(true);
      hide = setTimeout(() => setMisread(false), SCAN_TIP_HIDE_MS);
    }, SCAN_RETRY_TIP_MS);
    return () => {
      clearInterval(every);
      clearTimeout(hide);
      setMisread(false);
    };
  }, [scanning]);

  function leave(scanText?: string) {
    stop();
    setLocation(rfDialogUrl(search, scanText));
  }

  return (
    <section className="scan-page scan-full" data-testid="scan-code-page" data-camera={state.phase}>
      <div className="scan-viewport">
        <video ref={videoRef} className="scan-video" muted playsInline autoPlay data-testid="scan-video" />
        <div className="scan-frame" aria-hidden="true" />
      </div>
      <div className="scan-hints" role="status" data-testid="scan-hint">
        {state.phase === 'calling' && (
          <>
            <SlSpinner />
            {t('scan.hint.calling')}
          </>
        )}
        {state.phase === 'failed' && (
          <span className="scan-failed" data-testid="scan-error">
            <SlIcon name="camera-video-off" />
            {t(cameraErrorMessage(state.error).key, cameraErrorMessage(state.error).values)}
          </span>
        )}
        {state.phase === 'scanning' && (
          <>
            <SlIcon name="upc-scan" />
            {t('scan.hint.recognising')}
          </>
        )}
      </div>
      {misread && (
        <p className="scan-tip" data-testid="scan-misread">
          {t('scan.tip.misread')}
        </p>
      )}
      <SlButton className="scan-cancel" size="large" data-testid="scan-cancel" onClick={() => leave()}>
        {t('scan.cancel')}
      </SlButton>
    </section>
  );
}
