import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { type CameraSession, startCamera } from './camera';

/** Where the camera of a scan page is: being called, showing and recognising, failed, or stopped by the page. */
export type CameraState =
  | { phase: 'calling' }
  | { phase: 'scanning' }
  | { phase: 'failed'; error: unknown }
  | { phase: 'stopped' };

/** What a scan page does with the camera's news; read on each event, so the page may pass fresh closures. */
export interface CameraHandlers {
  onResult: (text: string) => void;
  onError?: (error: unknown) => void;
}

/**
 * Runs the camera into the returned video element while `active` (the page is the one showing); stops every track
 * when it turns false, when the page leaves, and when the page calls stop().
 */
export function useCamera(
  active: boolean,
  handlers: CameraHandlers,
): { videoRef: RefObject<HTMLVideoElement | null>; state: CameraState; stop: () => void } {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const sessionRef = useRef<CameraSession | null>(null);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const [state, setState] = useState<CameraState>({ phase: 'calling' });

  const stop = useCallback(() => {
    sessionRef.current?.stop();
    sessionRef.current = null;
    setState({ phase: 'stopped' });
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    if (!active || !video) return;
    let live = true;
    setState({ phase: 'calling' });
    const session = startCamera(video, {
      onScanning: () => {
        if (live) setState({ phase: 'scanning' });
      },
      onResult: (text) => {
        if (live) handlersRef.current.onResult(text);
      },
    });
    sessionRef.current = session;
    session.ready.catch((error: unknown) => {
      if (!live) return;
      setState({ phase: 'failed', error });
      handlersRef.current.onError?.(error);
    });
    return () => {
      live = false;
      session.stop();
      if (sessionRef.current === session) sessionRef.current = null;
    };
  }, [active]);

  return { videoRef, state, stop };
}
