import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type CameraErrorKind,
  cameraErrorKind,
  cameraErrorMessage,
  INSECURE_CONTEXT,
  pickBackCamera,
  STREAM_API_NOT_SUPPORTED,
} from './camera';
import { rfDialogUrl } from './scanRoutes';

const locale = (name: string): Record<string, string> => JSON.parse(readFileSync(`locales/${name}.json`, 'utf8'));
const camera = (deviceId: string, label: string) => ({ deviceId, label, kind: 'videoinput' });

describe('camera errors (spec 001 §8)', () => {
  it('maps each browser error name to its §8 message', () => {
    const expected: Record<string, CameraErrorKind> = {
      NotAllowedError: 'permission',
      PermissionDeniedError: 'permission',
      NotFoundError: 'noCamera',
      DevicesNotFoundError: 'noCamera',
      NotSupportedError: 'secureContext',
      NotReadableError: 'inUse',
      TrackStartError: 'inUse',
      OverconstrainedError: 'notSuitable',
      [STREAM_API_NOT_SUPPORTED]: 'streamApi',
      [INSECURE_CONTEXT]: 'insecureContext',
      AbortError: 'other',
    };
    for (const [name, kind] of Object.entries(expected)) expect(cameraErrorKind(name), name).toBe(kind);
  });

  it('names the error in the generic message, also for errors that are not DOMExceptions', () => {
    expect(cameraErrorMessage(new DOMException('x', 'AbortError'))).toEqual({
      key: 'scan.error.other',
      values: { name: 'AbortError' },
    });
    expect(cameraErrorMessage('boom')).toEqual({ key: 'scan.error.other', values: { name: 'Error' } });
    expect(cameraErrorMessage(new DOMException('x', 'NotAllowedError')).key).toBe('scan.error.permission');
  });

  it('has every camera message in both languages, the generic one with the error name', () => {
    const kinds: CameraErrorKind[] = [
      'permission',
      'noCamera',
      'secureContext',
      'inUse',
      'notSuitable',
      'streamApi',
      'insecureContext',
      'other',
    ];
    for (const language of ['zh_cn', 'en_us']) {
      const messages = locale(language);
      for (const kind of kinds) expect(messages[`scan.error.${kind}`], `${language} ${kind}`).toBeTruthy();
      expect(messages['scan.error.other']).toContain('{name}');
    }
  });
});

describe('back camera choice', () => {
  it('takes the camera labelled back or rear when several exist', () => {
    expect(pickBackCamera([camera('f', 'Front Camera'), camera('b', 'Back Camera')])).toBe('b');
    expect(pickBackCamera([camera('a', 'camera2 1, facing front'), camera('b', 'camera2 0, facing back')])).toBe('b');
    expect(pickBackCamera([camera('a', '前置摄像头'), camera('b', '后置摄像头')])).toBe('b');
  });

  it('takes the last camera not labelled front when no label says back', () => {
    expect(pickBackCamera([camera('a', 'USB Cam'), camera('b', 'Integrated Webcam'), camera('c', 'FaceTime HD')])).toBe('b');
  });

  it('leaves the choice to the browser with one camera, and ignores microphones', () => {
    expect(
      pickBackCamera([camera('a', 'Front Camera'), { deviceId: 'm', label: 'Back mic', kind: 'audioinput' }]),
    ).toBeUndefined();
    expect(pickBackCamera([])).toBeUndefined();
  });
});

describe('return to the RF dialog', () => {
  const search = 'editDialogVisible=true&mainProcessName=INQUIRY&whId=WH01&clientCode=ACME&localeId=2052&t=17';

  it('carries the same query values and the scanned text', () => {
    const url = new URL(rfDialogUrl(search, 'LOC-A01-01-1'), 'http://x');
    expect(url.pathname).toBe('/Core/RfDialog');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      editDialogVisible: 'true',
      mainProcessName: 'INQUIRY',
      whId: 'WH01',
      clientCode: 'ACME',
      localeId: '2052',
      scanText: 'LOC-A01-01-1',
    });
  });

  it('keeps a GS1 scan intact, separators included', () => {
    const text = '\u001d0109506000134352\u001d17250101 10AB&C';
    expect(new URL(rfDialogUrl(search, text), 'http://x').searchParams.get('scanText')).toBe(text);
  });

  it('has no scanText after Cancel', () => {
    expect(new URL(rfDialogUrl(search), 'http://x').searchParams.has('scanText')).toBe(false);
    expect(rfDialogUrl('')).toBe('/Core/RfDialog');
  });
});
