/**
 * The wire of the dock-station kiosk (issue 16; src/server/modules/kiosk/README.md). A station is enrolled once by an
 * administrator and then holds only a revocable station key; dock staff sign in at it by badge or by user and PIN, and
 * the session they get is limited to the station's warehouse, its flows and their own permissions.
 */
import type { LanguageCode } from './wire';

/** What a station may offer, as tiles on its home screen (an administrator picks them per station). */
export const KIOSK_FLOWS = ['HANDOVER', 'RECEIVE', 'LOOKUP', 'SIGN'] as const;
export type KioskFlow = (typeof KIOSK_FLOWS)[number];

/** The RF main process each RF-backed kiosk flow runs (the seeded flows of the RF module). */
export const KIOSK_RF_PROCESS: Partial<Record<KioskFlow, string>> = { RECEIVE: 'RECEIVE', LOOKUP: 'INQUIRY' };

/** The header that carries the station key on the station's own calls (enrolment state, sign-in, hand-over). */
export const STATION_KEY_HEADER = 'x-station-key';

/** Idle sign-out of a station session: seconds without a touch, a scan or a key (the station's setting). */
export const KIOSK_IDLE_SECONDS = { min: 30, max: 3600, default: 120 } as const;

/** A PIN is 4 to 8 digits. */
export const PIN_PATTERN = /^[0-9]{4,8}$/;

/** A badge as a scanner types it: 1 to 40 letters, digits and `_ . : -` (after `normalizeBadge`). */
export const BADGE_PATTERN = /^[A-Za-z0-9_.:-]{1,40}$/;
/**
 * The badge as it is hashed, stored and looked up: without the spaces or line end a scanner or a hand may add. Case is
 * kept (badges are printed codes; upper-casing would merge two badges that differ only in case).
 */
export const normalizeBadge = (badge: string): string => badge.trim();

/** Station status: N new (waiting for its code), A active (bound), R revoked. */
export const STATION_STATUSES = ['N', 'A', 'R'] as const;
export type StationStatus = (typeof STATION_STATUSES)[number];

/** A signature image may be at most this large (PNG bytes, before base64). */
export const MAX_SIGNATURE_BYTES = 300 * 1024;
/**
 * And at most this many pixels wide and high (the server reads them from the PNG's header before decoding anything:
 * platform/pngGuard.ts). The station's pad is at most 1600 × 900 CSS pixels and is exported at that size whatever the
 * screen's devicePixelRatio; the station scales its export down to fit these should a pad ever be larger.
 */
export const MAX_SIGNATURE_WIDTH = 2000;
export const MAX_SIGNATURE_HEIGHT = 1000;

/**
 * The least ink a driver's signature has (issue 25 item 10): its strokes together at least 40 mm long. A tap leaves a
 * dot (no length), a tick or a dash some 10–30 mm; the shortest real signature — two Chinese characters or a pair of
 * Latin initials written a centimetre high — has 60 mm of ink or more. The station's pad measures its strokes in CSS
 * pixels (96 to the inch, about the station screen's own pixel: a 15.6" 1280 × 800 panel has 97 per inch).
 */
export const MIN_SIGNATURE_INK_MM = 40;
/** The same length in CSS pixels, what the pad measures: 40 mm = 151 px. */
export const MIN_SIGNATURE_INK_PX = Math.round((MIN_SIGNATURE_INK_MM / 25.4) * 96);
/**
 * What the server asks of the PNG it is sent (it has no strokes): at least this many ink pixels (pixels darker than
 * mid-grey over white). A line of the least length drawn one pixel wide at the smallest scale a station exports (½, a
 * signature too large for MAX_SIGNATURE_BYTES at full size) inks MIN_SIGNATURE_INK_PX / 2 = 75 pixels; a station's
 * 3.5 px dot inks about 12.
 */
export const MIN_SIGNATURE_INK_PIXELS = Math.floor(MIN_SIGNATURE_INK_PX / 2);

/** The station's configuration, as the station itself sees it once bound. */
export interface StationConfig {
  id: number;
  stationName: string;
  whId: string;
  whName: string;
  dockDoor: string | null;
  flows: KioskFlow[];
  language: LanguageCode;
  idleSeconds: number;
}

/**
 * `POST /kiosk/station` (station key header, no session): what the station is. `unknown` means the key is not (or no
 * longer) valid — a revoked station, an expired code — and the station starts its enrolment again.
 */
export type StationState =
  | { state: 'pending'; code: string; expiresAt: string }
  | { state: 'active'; station: StationConfig }
  | { state: 'unknown' };

/** `POST /kiosk/enrol` (public): the station sends the key it generated; the answer is the one-time code to show. */
export interface EnrolRequest {
  stationKey: string;
}
export interface EnrolAnswer {
  code: string;
  expiresAt: string;
}

/** `POST /tKioskStation/bind` (console, sys:tKioskStation:edit): the administrator confirms the code a station shows. */
export interface BindStationRequest {
  id: number;
  code: string;
}

/**
 * `POST /user/setBadge` (console, sys:user:edit): sets (BADGE_PATTERN) or clears (empty) a user's badge. Write-only, like
 * the PIN (`/user/setPin` {id, pin}): stored as a SHA-256, the user list answers `badgeSet` only.
 */
export interface SetBadgeRequest {
  id: number;
  badge: string;
}

/** `POST /kiosk/login/badge` and `/kiosk/login/pin` (station key header): a station session. */
export interface BadgeLoginRequest {
  badge: string;
}
export interface PinLoginRequest {
  account: string;
  pin: string;
}
export interface KioskLoginAnswer {
  token: string;
  expireTime: string;
  user: { name: string; language: LanguageCode };
  /** The station's flows this user may use (the station's flows and the user's own permissions). */
  flows: KioskFlow[];
}

/** A carton of a delivery, as the hand-over screen lists it. */
export interface KioskCarton {
  cartonNumber: string;
  shipLabelBarcode: string | null;
  orderNumber: string;
  cartonType: string | null;
  weight: string | null;
}

/** `POST /kiosk/delivery/find` {scan}: a delivery number, or a carton number or express number of one of its cartons. */
export interface KioskDelivery {
  whId: string;
  deliveryNumber: string;
  carrierCode: string;
  carrierName: string;
  status: 'O' | 'S';
  cartons: KioskCarton[];
}

/**
 * `POST /kiosk/delivery/handover`: the signed hand-over. `submissionId` is made by the station when the driver signs
 * and kept with the hand-over until the server has it: the same submission sent again answers the first result and
 * ships nothing more.
 */
export interface HandoverRequest {
  submissionId: string;
  whId: string;
  deliveryNumber: string;
  /** Every carton scanned as loaded: must be exactly the delivery's cartons. */
  loadedCartons: string[];
  driverName: string;
  carrierCode: string;
  vehiclePlate: string;
  /** PNG, base64 (no data: prefix). */
  signaturePng: string;
  /** The station's clock when the driver confirmed (kept for audit; the proof's signing time is the server's). */
  signedAt: string;
}
/**
 * What became of a signed hand-over at the server (issue 25 item 2: a signature that reached it is never dropped):
 * - `shipped`: the delivery shipped with this proof;
 * - `attached`: the delivery had been shipped meanwhile (from a desk) without a proof: this one is now its proof;
 * - `unattached`: the delivery could not take it (other cartons or carrier, not found, already holding a proof): the
 *   signature is kept at the server as an unattached proof (`unattachedId`) that the office attaches or discards;
 *   `reason` says why in the station's language.
 */
export type HandoverOutcome = 'shipped' | 'attached' | 'unattached';

export interface HandoverAnswer {
  deliveryNumber: string;
  outcome: HandoverOutcome;
  /** The proof of delivery (0 when unattached). */
  podId: number;
  /** The unattached proof (0 unless `outcome` is unattached). */
  unattachedId: number;
  /** Why the hand-over did not ship the delivery (attached, unattached); empty when shipped. */
  reason: string;
  cartons: number;
  /** True when this submission had already been received (nothing was shipped again). */
  duplicate: boolean;
}

/**
 * `POST /kiosk/station/handover` (station key header, no live session needed; issue 25 item 4): a hand-over the
 * station's outbox kept, sent with the station's own credentials. `sessionToken` is the session in which the worker
 * confirmed it at this station (ended since, perhaps): it names who handed the delivery over.
 */
export interface StationHandoverRequest extends HandoverRequest {
  sessionToken: string;
}

/** Unattached proof status: U waiting for the office, A attached to a delivery, D discarded (with a reason). */
export const UNATTACHED_POD_STATUSES = ['U', 'A', 'D'] as const;
export type UnattachedPodStatus = (typeof UNATTACHED_POD_STATUSES)[number];

/** `POST /tblShippingLabel/findUnattachedPods` {whId, status?}: the signed hand-overs no delivery took. */
export interface UnattachedPod {
  id: number;
  whId: string;
  /** The delivery the station named. */
  deliveryNumber: string;
  driverName: string;
  vehiclePlate: string;
  carrierCode: string;
  /** The server's time of receipt, and the station's clock (ISO). */
  receivedAt: string;
  stationSignedAt: string;
  stationName: string;
  userName: string;
  cartons: string[];
  /** Why no delivery took it, in the caller's language. */
  reason: string;
  status: UnattachedPodStatus;
  resolvedBy: string | null;
  resolvedAt: string | null;
  discardReason: string | null;
  podId: number | null;
  /** PNG, base64. */
  signaturePng: string;
}

/** `POST /tblShippingLabel/attachPod`: an unattached proof becomes the proof of a shipped delivery without one. */
export interface AttachPodRequest {
  id: number;
  deliveryNumber: string;
}
/** `POST /tblShippingLabel/discardPod`: an unattached proof set aside, with the reason (1–200 characters). */
export interface DiscardPodRequest {
  id: number;
  reason: string;
}

/** The proof of delivery as the console's delivery list shows it. */
export interface PodSummary {
  podId: number;
  driverName: string;
  vehiclePlate: string;
  carrierCode: string;
  /**
   * The signing time: the server's clock when the hand-over reached it (a station's clock may be wrong); and the
   * station's clock as it sent it, kept for audit (ISO).
   */
  signedAt: string;
  stationSignedAt: string;
  stationName: string;
  userName: string;
}

/**
 * The permissions a user needs for each flow at a station (besides the station's warehouse): the hand-over finds the
 * delivery (shipping view) and ships it (`shippingByDelivery`: shipping edit); RECEIVE and LOOKUP run the RF flows
 * whose actions need receipt add and stock view; SIGN needs nothing beyond the sign-in.
 */
export const KIOSK_FLOW_PERMISSIONS: Record<KioskFlow, readonly string[]> = {
  HANDOVER: ['sys:tblShippingLabel:view', 'sys:tblShippingLabel:edit'],
  RECEIVE: ['sys:tReceipt:add'],
  LOOKUP: ['sys:tStoredItem:view'],
  SIGN: [],
};

/** The station's flows a user may use: each flow whose permissions the user holds all of, in KIOSK_FLOWS order. */
export function allowedFlows(
  stationFlows: readonly KioskFlow[],
  user: { superAdmin: boolean; permissions: ReadonlySet<string> },
): KioskFlow[] {
  return KIOSK_FLOWS.filter(
    (f) => stationFlows.includes(f) && (user.superAdmin || KIOSK_FLOW_PERMISSIONS[f].every((p) => user.permissions.has(p))),
  );
}

/** Reads a stored flow list (`HANDOVER,LOOKUP`): known flows only, in KIOSK_FLOWS order. */
export function parseFlows(value: string | null | undefined): KioskFlow[] {
  const listed = (value ?? '').split(',');
  return KIOSK_FLOWS.filter((f) => listed.includes(f));
}

/** `POST /kiosk/session` (a station session): who is signed in at which station, and the flows they may use. */
export interface KioskSessionInfo {
  user: { name: string; nickName: string | null; language: LanguageCode };
  station: StationConfig;
  flows: KioskFlow[];
}

/** `POST /tblShippingLabel/getPodDocument` (console): the stored proof-of-delivery PDF of a delivery. */
export interface PodDocumentRequest {
  whId: string;
  deliveryNumber: string;
}
