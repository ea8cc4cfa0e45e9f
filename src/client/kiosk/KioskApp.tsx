/**
 * The dock-station kiosk (issue 16), `/kiosk/*`: outside the console's shell, a chunk of its own. The station's state
 * decides the screen — no key or an unknown one: enrolment (the one-time code); active: sign-in, then the home tiles
 * and the flows. A revoked station goes back to enrolment at once.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { type KioskLoginAnswer, STATION_KEY_HEADER, type StationConfig } from '../../shared/kiosk';
import { setStationKeyHeader } from '../kit/api';
import { readStationKey, session, setLanguage, signIn } from '../kit/session';
import { EnrolScreen } from './EnrolScreen';
import { KioskConnecting } from './KioskConnecting';
import { KioskFrame } from './KioskFrame';
import { KioskUnsupported } from './KioskUnsupported';
import { enrolStation, kioskSession, logoutKiosk, stationState, whenSessionLost } from './kioskApi';
import { forgetKioskUser, forgetStation, kiosk, lastStation, rememberKioskUser, rememberStation } from './kioskState';
import { watchConnection } from './offline/connection';
import { registerOfflineShell } from './offline/registerShell';
import { startOutbox } from './outbox';
import { SignInScreen } from './SignInScreen';
import { stationProblems } from './stationCheck';
import { newStationKey } from './stationKey';
import { useLockdown } from './useLockdown';
import './kiosk.css';

/** Polling: the enrolment code every 3 s (until bound), the station's state every 10 s once active. */
const ENROL_POLL_MS = 3000;
const STATE_POLL_MS = 10_000;

export function KioskApp() {
  useLockdown();
  // Checked once: a browser that cannot keep a signature or make ids refuses to start (stationCheck.ts).
  const [problems] = useState(stationProblems);
  const works = problems.length === 0;
  const { token } = useSnapshot(session);
  const [station, setStation] = useState<StationConfig | null>(null);
  const [, setLocation] = useLocation();
  const [code, setCode] = useState<string | null>(null);
  const [phase, setPhase] = useState<'checking' | 'enrol' | 'active'>('checking');
  const enrolling = useRef(false);

  const backHome = useCallback(() => {
    forgetKioskUser();
    if (kiosk.station) setLanguage(kiosk.station.language);
    setLocation('/', { replace: true });
  }, [setLocation]);

  // A fresh key and its code: the first start, an expired code, or a revoked station.
  const enrol = useCallback(async () => {
    if (enrolling.current) return;
    enrolling.current = true;
    try {
      if (session.token) await logoutKiosk();
      forgetStation();
      setStation(null);
      forgetKioskUser();
      setPhase('enrol');
      setCode(null);
      const key = newStationKey();
      setStationKeyHeader({ name: STATION_KEY_HEADER, key });
      const answer = await enrolStation(key);
      if (answer.ok) setCode(answer.data.code);
    } finally {
      enrolling.current = false;
    }
  }, []);

  const check = useCallback(async () => {
    const key = readStationKey();
    if (!key) return enrol();
    setStationKeyHeader({ name: STATION_KEY_HEADER, key });
    const answer = await stationState();
    const activate = (config: StationConfig) => {
      const first = kiosk.station === null;
      kiosk.station = config;
      setStation(config);
      // The station's language is the one its sign-in screen speaks; a worker may switch for their session.
      if (first && !session.token) setLanguage(config.language);
      setPhase('active');
    };
    if (!answer.ok) {
      // No answer (the network): the station keeps what it shows and asks again at the next poll. Started without a
      // network, it shows the station it was last time (its outbox needs a home screen), once it knows one.
      const known = lastStation();
      if (kiosk.station === null && answer.status === 0 && known) activate(known);
      return;
    }
    const state = answer.data;
    if (state.state === 'unknown') return enrol();
    if (state.state === 'pending') {
      setPhase('enrol');
      setCode(state.code);
      return;
    }
    rememberStation(state.station);
    activate(state.station);
  }, [enrol]);

  useEffect(() => {
    if (!works) return;
    void check();
    const timer = setInterval(() => void check(), phase === 'active' ? STATE_POLL_MS : ENROL_POLL_MS);
    return () => clearInterval(timer);
  }, [check, phase, works]);

  // The offline shell (a reload without a network shows the home and the outbox); the network back: asked at once.
  useEffect(() => {
    if (works) registerOfflineShell();
  }, [works]);
  useEffect(() => watchConnection(() => void check()), [check]);

  // Any 401 of the station session: back to the sign-in, and the station's state checked at once.
  useEffect(() => {
    whenSessionLost(() => {
      backHome();
      void check();
    });
  }, [backHome, check]);

  // The outbox sends while the station is bound, signed in or not: with the station key and the session each hand-over
  // was confirmed in (outbox.ts).
  useEffect(() => (phase === 'active' ? startOutbox(() => navigator.onLine !== false) : undefined), [phase]);

  // A reload keeps the session (sessionStorage): the worker and their flows are asked again (a 401 signs out).
  useEffect(() => {
    if (phase !== 'active' || !token) return;
    void kioskSession().then((answer) => {
      if (answer.ok) rememberKioskUser(answer.data.user.name, answer.data.flows);
    });
  }, [phase, token]);

  const signedIn = (answer: KioskLoginAnswer) => {
    signIn(answer.token, answer.user.name);
    rememberKioskUser(answer.user.name, answer.flows);
    setLocation('/', { replace: true });
  };

  const signOutNow = useCallback(async () => {
    await logoutKiosk();
    backHome();
  }, [backHome]);

  if (!works) return <KioskUnsupported problems={problems} />;
  if (phase === 'enrol') return <EnrolScreen code={code} />;
  if (phase === 'checking' || !station) return <KioskConnecting />;
  if (!token) return <SignInScreen station={station} onSignedIn={signedIn} />;
  return <KioskFrame station={station} onSignOut={signOutNow} />;
}
