/**
 * The camera of the scan pages (spec 001 §2.12, §8): opens the back camera, decodes QR and 1D/2D codes continuously
 * with @zxing/browser (loaded only when a scan page starts the camera), stops every track, and maps a camera failure
 * to the one message of §8 that both pages use (the QR page shows it, the scan code page logs it).
 */
import type { IScannerControls } from '@zxing/browser';

/** The §8 camera failures, one per DOMException name the camera can raise, plus "anything else". */
export type CameraErrorKind =
  | 'permission'
  | 'noCamera'
  | 'secureContext'
  | 'inUse'
  | 'notSuitable'
  | 'streamApi'
  | 'insecureContext'
  | 'other';

/** Names raised by this module itself when the browser offers no camera API at all (no DOMException exists). */
export const STREAM_API_NOT_SUPPORTED = 'StreamApiNotSupportedError';
export const INSECURE_CONTEXT = 'InsecureContextError';

/** The failure kind of a camera error name (old Chrome and Firefox names included). */
export function cameraErrorKind(name: string): CameraErrorKind {
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return 'permission';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return 'noCamera';
    case 'NotSupportedError':
      return 'secureContext';
    case 'NotReadableError':
    case 'TrackStartError':
      return 'inUse';
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return 'notSuitable';
    case STREAM_API_NOT_SUPPORTED:
      return 'streamApi';
    case INSECURE_CONTEXT:
      return 'insecureContext';
    default:
      return 'other';
  }
}

/** The name of whatever the camera threw (a DOMException, an Error, or something odd). */
export function cameraErrorName(error: unknown): string {
  if (error && typeof error === 'object' && 'name' in error && typeof error.name === 'string' && error.name) return error.name;
  return 'Error';
}

/** The locale key and values of the §8 message for a camera error. */
export function cameraErrorMessage(error: unknown): { key: string; values: Record<string, string> } {
  const name = cameraErrorName(error);
  return { key: `scan.error.${cameraErrorKind(name)}`, values: { name } };
}

/** What a camera list entry offers (a MediaDeviceInfo, or a test's plain object). */
export interface CameraDevice {
  deviceId: string;
  kind: string;
  label: string;
}

// Labels name the side: "Back Camera", "camera2 0, facing back", "rear", "environment", "后置相机".
const BACK_LABEL = /\b(back|rear|environment)\b|后置|后摄|背面/i;
const FRONT_LABEL = /\b(front|user|face ?time)\b|前置|前摄/i;

/**
 * The back camera when several cameras exist: the one whose label says back/rear, else (phones list the front camera
 * first) the last one not labelled front. One camera or none: undefined (the default camera serves).
 */
export function pickBackCamera(devices: readonly CameraDevice[]): string | undefined {
  const cameras = devices.filter((device) => device.kind === 'videoinput');
  if (cameras.length < 2) return undefined;
  const back = cameras.find((camera) => BACK_LABEL.test(camera.label));
  if (back) return back.deviceId;
  const notFront = cameras.filter((camera) => !FRONT_LABEL.test(camera.label));
  return notFront[notFront.length - 1]?.deviceId;
}

/** What the page hears from a running camera. */
export interface CameraEvents {
  /** The stream shows in the video element: recognition runs. */
  onScanning: () => void;
  /** A code was decoded (raw text, GS1 separators kept). */
  onResult: (text: string) => void;
}

/** A camera being started: stop() ends recognition and every track, at any time, any number of times. */
export interface CameraSession {
  stop: () => void;
  /** Settles when recognition runs (or the session was stopped first); rejects with the browser's camera error. */
  ready: Promise<void>;
}

const stopTracks = (stream: MediaStream | null) => {
  for (const track of stream?.getTracks() ?? []) track.stop();
};

async function openStream(): Promise<MediaStream> {
  const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!media?.getUserMedia) {
    // Browsers hide navigator.mediaDevices outside a secure context; the message says which case it is.
    throw new DOMException('camera API unavailable', window.isSecureContext ? STREAM_API_NOT_SUPPORTED : INSECURE_CONTEXT);
  }
  // A device without a camera is told at once: asked for one anyway, a browser may leave the request (and the page's
  // "calling the camera") pending for ever. Before permission the list still names each kind of device present.
  if (media.enumerateDevices && !(await media.enumerateDevices()).some((device) => device.kind === 'videoinput')) {
    throw new DOMException('no camera on this device', 'NotFoundError');
  }
  const stream = await media.getUserMedia({ audio: false, video: { facingMode: { ideal: 'environment' } } });
  const track = stream.getVideoTracks()[0];
  if (!track || track.getSettings().facingMode === 'environment') return stream;
  // Desktop browsers ignore facingMode: labels (readable once permission is granted) tell the back camera.
  const wanted = pickBackCamera(await media.enumerateDevices());
  if (!wanted || wanted === track.getSettings().deviceId) return stream;
  stopTracks(stream);
  return media.getUserMedia({ audio: false, video: { deviceId: { exact: wanted } } });
}

const FORMATS = [
  'QR_CODE',
  'DATA_MATRIX',
  'CODE_128',
  'EAN_13',
  'EAN_8',
  'UPC_A',
  'UPC_E',
  'CODE_39',
  'CODE_93',
  'ITF',
  'CODABAR',
  'PDF_417',
  'AZTEC',
] as const;

/**
 * Calls the camera into `video` and decodes continuously (QR, Data Matrix, Code 128 and GS1-128, EAN/UPC, Code 39/93,
 * ITF, Codabar, PDF417, Aztec), reporting every decoded text until stopped.
 */
export function startCamera(video: HTMLVideoElement, events: CameraEvents): CameraSession {
  let stream: MediaStream | null = null;
  let controls: IScannerControls | null = null;
  let stopped = false;
  const stop = () => {
    stopped = true;
    controls?.stop();
    stopTracks(stream);
    video.srcObject = null;
  };
  const run = async () => {
    const [zxing, opened] = await Promise.all([import('@zxing/browser'), openStream()]);
    stream = opened;
    if (stopped) return stop();
    const reader = new zxing.BrowserMultiFormatReader(undefined, { delayBetweenScanAttempts: 100, delayBetweenScanSuccess: 500 });
    reader.possibleFormats = FORMATS.map((format) => zxing.BarcodeFormat[format]);
    try {
      // Frames without a code are the normal case while the worker aims: only results are reported.
      controls = await reader.decodeFromStream(stream, video, (result) => {
        if (result && !stopped) events.onResult(result.getText());
      });
    } catch (error) {
      // The video would not play: nothing may keep the camera on.
      stop();
      throw error;
    }
    if (stopped) stop();
    else events.onScanning();
  };
  return { stop, ready: run() };
}
