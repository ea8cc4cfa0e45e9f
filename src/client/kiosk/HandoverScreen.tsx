/**
 * Hand over a delivery (issue 16): scan the delivery (or one of its cartons), scan every carton as it is loaded (a
 * carton not of this delivery is refused loudly and not counted), the driver's name and plate, the driver's signature,
 * a preview, and the confirmation — kept in the outbox first, then sent (see outbox.ts).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { HandoverAnswer, KioskDelivery, StationConfig, StationHandoverRequest } from '../../shared/kiosk';
import { MAX_SIGNATURE_BYTES, MAX_SIGNATURE_HEIGHT, MAX_SIGNATURE_WIDTH } from '../../shared/kiosk';
import { useT } from '../kit/i18n';
import { currentToken } from '../kit/session';
import { SlIcon } from '../kit/sl';
import { strokesToPng } from '../signature/SignaturePad';
import { EMPTY_HISTORY, isBlank, type StrokeHistory } from '../signature/strokes';
import { CartonChecklist } from './CartonChecklist';
import { DiscardDialog } from './DiscardDialog';
import { DriverSignature } from './DriverSignature';
import { HandoverDetails } from './HandoverDetails';
import { HandoverPreview } from './HandoverPreview';
import { HandoverResult } from './HandoverResult';
import { draftOf, dropDraft, keepDraft } from './handoverDraft';
import { findDelivery } from './kioskApi';
import { type AskBeforeLeaving, useLeaveGuard } from './leaveGuard';
import { deliver, keepHandover, onOutboxResult } from './outbox';
import { RefusalFlash } from './RefusalFlash';
import { ScanField } from './ScanField';
import { randomId } from './stationKey';

type Step = 'scan' | 'load' | 'details' | 'sign' | 'preview' | 'result';
/** How the confirmation ended: shipped, kept on the station until the network is back, or refused by the server. */
export type HandoverOutcome =
  | { kind: 'sent'; answer: HandoverAnswer }
  | { kind: 'saved' }
  | { kind: 'refused'; message: string }
  | { kind: 'unsaved'; message: string };

interface Notice {
  kind: 'success' | 'warning';
  text: string;
}

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

const cartonOf = (delivery: KioskDelivery, scan: string) =>
  delivery.cartons.find((carton) => carton.cartonNumber === scan || carton.shipLabelBarcode === scan);

const signatureOf = (base64: string) => ({ base64, url: `data:image/png;base64,${base64}` });

export function HandoverScreen({ station }: { station: StationConfig }) {
  const t = useT();
  // A signed hand-over kept over a sign-out opens again at its preview (handoverDraft.ts).
  const [draft] = useState(() => draftOf(station.id));
  const [step, setStep] = useState<Step>(draft ? 'preview' : 'scan');
  const [delivery, setDelivery] = useState<KioskDelivery | null>(draft?.delivery ?? null);
  const [loaded, setLoaded] = useState<string[]>(draft?.loaded ?? []);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [flash, setFlash] = useState<string | null>(null);
  // Counts refusals: each one flashes (and beeps) anew, even with the text of the last.
  const [flashes, setFlashes] = useState(0);
  // Scans made while the delivery is being looked up: taken, in order, once it is answered (issue 25 item 6).
  const waiting = useRef<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [details, setDetails] = useState({ driverName: draft?.driverName ?? '', vehiclePlate: draft?.vehiclePlate ?? '' });
  const [history, setHistory] = useState<StrokeHistory>(EMPTY_HISTORY);
  const [signature, setSignature] = useState<{ base64: string; url: string } | null>(
    draft ? signatureOf(draft.signaturePng) : null,
  );
  const [submission, setSubmission] = useState<StationHandoverRequest | null>(null);
  const [outcome, setOutcome] = useState<HandoverOutcome | null>(null);
  // "Discard this hand-over?" on screen, and what follows a discard (go home, sign out, or nothing: Cancel).
  const [asking, setAsking] = useState<{ next: () => void } | null>(null);
  const [, setLocation] = useLocation();

  const refuse = (text: string) => {
    setNotice(null);
    setFlash(text);
    setFlashes((n) => n + 1);
  };
  const endFlash = useCallback(() => setFlash(null), []);

  const restart = () => {
    dropDraft();
    setStep('scan');
    setDelivery(null);
    setLoaded([]);
    setNotice(null);
    setDetails({ driverName: '', vehiclePlate: '' });
    setHistory(EMPTY_HISTORY);
    setSignature(null);
    setSubmission(null);
    setOutcome(null);
  };

  // In progress: cartons scanned or a signature drawn. Leaving then asks first (a history Back, Home, Sign out, Cancel),
  // and a reload or close gets the browser's question (leaveGuard.ts).
  const signed = signature !== null || !isBlank(history);
  const inProgress = step !== 'scan' && step !== 'result' && (loaded.length > 0 || signed);
  const ask = useCallback<AskBeforeLeaving>((next) => setAsking({ next }), []);
  const home = useCallback(() => setLocation('/'), [setLocation]);
  useLeaveGuard(inProgress, ask, home);
  const keep = useCallback(() => setAsking(null), []);
  const discard = () => {
    const next = asking?.next;
    setAsking(null);
    restart();
    next?.();
  };
  // Cancel asks before dropping scanned cartons; with none scanned there is nothing to lose.
  const cancel = () => (inProgress ? ask(() => undefined) : restart());

  const scanDelivery = async (scan: string) => {
    if (busy) {
      waiting.current.push(scan);
      return;
    }
    // A scan during the red flash is processed too (issue 25 item 7): its own answer replaces the flash.
    setFlash(null);
    setBusy(true);
    try {
      const answer = await findDelivery(scan);
      if (!answer.ok) {
        refuse(answer.message);
        return;
      }
      const found = answer.data;
      if (found.status !== 'O') {
        refuse(t('kiosk.handover.alreadyShipped', { delivery: found.deliveryNumber }));
        return;
      }
      if (found.whId !== station.whId) {
        refuse(t('kiosk.handover.otherWarehouse', { delivery: found.deliveryNumber, whId: found.whId }));
        return;
      }
      setDelivery(found);
      // A carton's label found the delivery: that carton is on the truck already.
      const first = cartonOf(found, scan);
      setLoaded(first ? [first.cartonNumber] : []);
      setNotice(first ? { kind: 'success', text: t('kiosk.handover.loadedOne', { carton: first.cartonNumber }) } : null);
      setStep('load');
    } finally {
      setBusy(false);
    }
  };

  const scanCarton = (scan: string) => {
    if (!delivery) return;
    setFlash(null);
    if (scan === delivery.deliveryNumber) {
      setNotice({ kind: 'warning', text: t('kiosk.handover.scanCartons') });
      return;
    }
    const carton = cartonOf(delivery, scan);
    if (!carton) {
      refuse(t('kiosk.handover.notInDelivery', { carton: scan, delivery: delivery.deliveryNumber }));
      return;
    }
    if (loaded.includes(carton.cartonNumber)) {
      setNotice({ kind: 'warning', text: t('kiosk.handover.twice', { carton: carton.cartonNumber }) });
      return;
    }
    setLoaded([...loaded, carton.cartonNumber]);
    setNotice({ kind: 'success', text: t('kiosk.handover.loadedOne', { carton: carton.cartonNumber }) });
  };

  const toPreview = async (size: { width: number; height: number }) => {
    // One image pixel per CSS pixel (not per device pixel: a pad of at most 1600 × 900 stays within the server's
    // MAX_SIGNATURE_WIDTH × MAX_SIGNATURE_HEIGHT at any devicePixelRatio), scaled down should a pad ever be larger.
    const fit = Math.min(1, MAX_SIGNATURE_WIDTH / size.width, MAX_SIGNATURE_HEIGHT / size.height);
    const png = await strokesToPng(history.strokes, size.width, size.height, { scale: fit, lineWidth: 3.5 });
    // A very long signature at that scale is still far below the byte limit; halve the size rather than refuse it.
    const bytes =
      png.length > MAX_SIGNATURE_BYTES
        ? await strokesToPng(history.strokes, size.width, size.height, { scale: fit / 2, lineWidth: 3.5 })
        : png;
    setSignature(signatureOf(toBase64(bytes)));
    setStep('preview');
  };

  // Signed and not yet confirmed: kept on the station until confirmed or dropped (an idle sign-out keeps it).
  useEffect(() => {
    if (step !== 'preview' || !delivery || !signature) return;
    keepDraft({
      stationId: station.id,
      delivery,
      loaded,
      driverName: details.driverName,
      vehiclePlate: details.vehiclePlate,
      signaturePng: signature.base64,
      savedAt: new Date().toISOString(),
    });
  }, [step, delivery, signature, loaded, details, station.id]);

  const signAgain = () => {
    dropDraft();
    setStep('sign');
  };

  const confirm = async () => {
    if (!delivery || !signature || busy) return;
    // Made when the driver confirms, and kept with the hand-over: a retry is the same submission. The session it is
    // confirmed in goes with it: the outbox sends it in this worker's name, signed in or not (outbox.ts).
    const request: StationHandoverRequest = {
      submissionId: randomId(),
      whId: delivery.whId,
      deliveryNumber: delivery.deliveryNumber,
      loadedCartons: loaded,
      driverName: details.driverName.trim(),
      carrierCode: delivery.carrierCode,
      vehiclePlate: details.vehiclePlate.trim(),
      signaturePng: signature.base64,
      signedAt: new Date().toISOString(),
      sessionToken: currentToken() ?? '',
    };
    try {
      keepHandover(request);
      dropDraft();
    } catch {
      setOutcome({ kind: 'unsaved', message: t('kiosk.handover.storageFull') });
      setStep('result');
      return;
    }
    setSubmission(request);
    setBusy(true);
    try {
      const result = await deliver(request);
      setOutcome(result.kind === 'waiting' ? { kind: 'saved' } : result);
      setStep('result');
    } finally {
      setBusy(false);
    }
  };

  // The scans that waited for the delivery's answer, one per render (each sees what the one before it changed).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after every change a scan can make
  useEffect(() => {
    if (busy || waiting.current.length === 0) return;
    const next = waiting.current.shift() as string;
    if (step === 'scan') void scanDelivery(next);
    else if (step === 'load') scanCarton(next);
    else waiting.current = [];
  }, [busy, step, loaded, notice, flashes]);

  // Kept on the station: the outbox's retries say when it is shipped (or refused).
  useEffect(() => {
    if (outcome?.kind !== 'saved' || !submission) return;
    return onOutboxResult((request, result) => {
      if (request.submissionId !== submission.submissionId || result.kind === 'waiting') return;
      setOutcome(result);
    });
  }, [outcome, submission]);

  const count = delivery ? t('kiosk.handover.count', { loaded: loaded.length, expected: delivery.cartons.length }) : '';
  const complete = delivery !== null && loaded.length === delivery.cartons.length;

  return (
    <div className="kiosk-handover" data-testid="kiosk-handover" data-step={step}>
      <h1 className="kiosk-flow-title">
        {t('kiosk.flow.HANDOVER')}
        {delivery && <span data-testid="kiosk-delivery"> · {delivery.deliveryNumber}</span>}
      </h1>
      {step === 'scan' && (
        <section className="kiosk-scan-step">
          <SlIcon name="upc-scan" className="kiosk-big-icon" />
          <p className="kiosk-lead">{t('kiosk.handover.scanDelivery')}</p>
          <ScanField label={t('kiosk.handover.scanDelivery')} onScan={(scan) => void scanDelivery(scan)} />
        </section>
      )}
      {step === 'load' && delivery && (
        <section className="kiosk-load">
          <div className="kiosk-load-head">
            <div
              className="kiosk-count"
              data-testid="kiosk-count"
              data-loaded={loaded.length}
              data-expected={delivery.cartons.length}
            >
              {count}
            </div>
            <div className="kiosk-load-carrier">{delivery.carrierName || delivery.carrierCode}</div>
          </div>
          {!complete && <ScanField label={t('kiosk.handover.scanCartons')} onScan={scanCarton} />}
          <p className="kiosk-notice" data-testid="kiosk-notice" data-kind={notice?.kind ?? ''} role="status">
            {notice?.text ?? (complete ? '' : t('kiosk.handover.scanCartons'))}
          </p>
          <CartonChecklist cartons={delivery.cartons} loaded={loaded} />
          <div className="kiosk-actions">
            <button type="button" className="kiosk-button" data-testid="kiosk-cancel" onClick={cancel}>
              {t('kiosk.handover.cancel')}
            </button>
            <button
              type="button"
              className="kiosk-button kiosk-primary"
              data-testid="kiosk-next"
              disabled={!complete}
              onClick={() => setStep('details')}
            >
              {complete ? t('kiosk.handover.allLoaded') : count}
            </button>
          </div>
        </section>
      )}
      {step === 'details' && delivery && (
        <HandoverDetails
          delivery={delivery}
          driverName={details.driverName}
          vehiclePlate={details.vehiclePlate}
          onChange={setDetails}
          onBack={() => setStep('load')}
          onNext={() => setStep('sign')}
        />
      )}
      {step === 'sign' && (
        <DriverSignature
          driverName={details.driverName}
          history={history}
          onChange={setHistory}
          onBack={() => setStep('details')}
          onNext={(size) => void toPreview(size)}
        />
      )}
      {step === 'preview' && delivery && signature && (
        <HandoverPreview
          delivery={delivery}
          driverName={details.driverName}
          vehiclePlate={details.vehiclePlate}
          signatureUrl={signature.url}
          busy={busy}
          onBack={signAgain}
          onConfirm={() => void confirm()}
        />
      )}
      {step === 'result' && outcome && delivery && (
        <HandoverResult outcome={outcome} deliveryNumber={delivery.deliveryNumber} onNext={restart} />
      )}
      {flash !== null && <RefusalFlash key={flashes} message={flash} onDone={endFlash} />}
      {asking && <DiscardDialog cartons={loaded.length} signed={signed} onKeep={keep} onDiscard={discard} />}
    </div>
  );
}
