/**
 * The hand-over at a dock station (README "Hand-over"): find the delivery by a scan, then the signed hand-over renders
 * the proof of delivery (the delivery note with the signature stamped on it) and, in one transaction, stores it and
 * ships the delivery through the shipping module's `shipDelivery`. The same submission sent again answers the stored
 * result (`duplicate: true`) and ships nothing more.
 */
import { sql } from 'kysely';
import type { ErrorParams } from '../../../shared/errors';
import {
  type HandoverAnswer,
  type HandoverRequest,
  type KioskCarton,
  type KioskDelivery,
  MAX_SIGNATURE_BYTES,
  MAX_SIGNATURE_HEIGHT,
  MAX_SIGNATURE_WIDTH,
  MIN_SIGNATURE_INK_MM,
  MIN_SIGNATURE_INK_PIXELS,
} from '../../../shared/kiosk';
import { hasDirectionControl } from '../../../shared/validation';
import type { Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import type { SessionUser } from '../../platform/context';
import { AppError, HttpError } from '../../platform/errors';
import { type Access, grantsWarehouse } from '../../platform/grants';
import { translate } from '../../platform/i18n';
import { type CheckedPng, checkPng, PngRefused } from '../../platform/pngGuard';
import { shipDelivery } from '../shipping/deliveries.service';
import { renderDeliveryNote } from '../shipping/documents';
import type { DeliveryData, DocumentLanguage, ProofOfDelivery } from '../shipping/documents/documents.types';
import { grantsDelivery } from '../shipping/shipping.guard';
import { getDeliveryData } from '../shipping/shippingData.service';

/** The station of a station session (the kiosk routes are the station's alone). */
function stationOf(user: SessionUser) {
  if (!user.station) throw new HttpError(403);
  return user.station;
}

export interface DeliveryHead {
  id: number;
  whId: string;
  deliveryNumber: string;
  carrierId: string;
  carrierName: string | null;
  status: 'O' | 'S';
}

/** The delivery a scan names in the warehouse: its number, or a carton number or express number of one of its cartons. */
export async function deliveryByScan(db: Db | Trx, whId: string, scan: string): Promise<DeliveryHead | null> {
  const { rows } = await sql<DeliveryHead>`
    select d.id, d.wh_id, d.delivery_number, d.carrier_id, c.carrier_name, d.status
    from t_delivery d left join t_carrier c on c.wh_id = d.wh_id and c.carrier_code = d.carrier_id
    where d.wh_id = ${whId} and (d.delivery_number = ${scan} or d.delivery_number = (
      select l.delivery_number from tbl_shipping_label l
      where l.wh_id = ${whId} and (l.carton_number = ${scan} or l.ship_label_barcode = ${scan}) and l.delivery_number is not null
      limit 1))
    limit 1`.execute(db);
  return rows[0] ?? null;
}

/**
 * Whether the user holds the client of every carton of the delivery (the shipping rule, `grantsDelivery`). A delivery
 * of a client the user is not granted is, for them, not there: the find and the hand-over answer `podNotFoundScan`.
 */
export const clientsGranted = (db: Db | Trx, user: SessionUser, head: DeliveryHead, access: Access): Promise<boolean> =>
  grantsDelivery(db, user, head.whId, head.deliveryNumber, access);

async function cartonsOf(db: Db | Trx, whId: string, deliveryNumber: string): Promise<KioskCarton[]> {
  const { rows } = await sql<KioskCarton>`
    select carton_number, ship_label_barcode, order_number, carton_type,
      trim_scale(coalesce(actual_weight, logical_weight))::text as weight
    from tbl_shipping_label where wh_id = ${whId} and delivery_number = ${deliveryNumber} order by carton_number`.execute(db);
  return rows;
}

/**
 * `POST /kiosk/delivery/find`: a delivery of the station's warehouse only, and of the user's clients only (another
 * warehouse's or another client's is not found).
 */
export async function findDelivery(db: Db, user: SessionUser, scan: string): Promise<KioskDelivery> {
  const station = stationOf(user);
  const value = scan.trim();
  const head = value ? await deliveryByScan(db, station.whId, value) : null;
  if (!head || !grantsWarehouse(user, head.whId) || !(await clientsGranted(db, user, head, 'read'))) {
    throw new AppError('podNotFoundScan', { scan: value });
  }
  return {
    whId: head.whId,
    deliveryNumber: head.deliveryNumber,
    carrierCode: head.carrierId,
    carrierName: head.carrierName ?? head.carrierId,
    status: head.status,
    cartons: await cartonsOf(db, head.whId, head.deliveryNumber),
  };
}

export const SIGNATURE_LIMITS = { maxBytes: MAX_SIGNATURE_BYTES, maxWidth: MAX_SIGNATURE_WIDTH, maxHeight: MAX_SIGNATURE_HEIGHT };
const signatureInvalid = () => new AppError('podSignatureInvalid', { maxKb: MAX_SIGNATURE_BYTES / 1024 });

/**
 * The decoded signature, checked by the PNG gate before anything decodes its pixels (platform/pngGuard.ts): at most
 * MAX_SIGNATURE_BYTES, MAX_SIGNATURE_WIDTH × MAX_SIGNATURE_HEIGHT pixels (`podSignatureTooLarge` names both sizes), one
 * still image whose data inflates to exactly what its header says (else `podSignatureInvalid`), with at least
 * MIN_SIGNATURE_INK_PIXELS of ink (else `podSignatureTooShort`: a blank image or a tap's dot is no signature).
 */
function signatureImage(base64: string): CheckedPng {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw signatureInvalid();
  try {
    return checkPng(new Uint8Array(Buffer.from(base64, 'base64')), { ...SIGNATURE_LIMITS, minInk: MIN_SIGNATURE_INK_PIXELS });
  } catch (error) {
    if (!(error instanceof PngRefused)) throw error;
    if (error.problem === 'blank') throw new AppError('podSignatureTooShort', { mm: MIN_SIGNATURE_INK_MM });
    if (error.problem === 'dimensions' && error.size) {
      throw new AppError('podSignatureTooLarge', {
        width: error.size.width,
        height: error.size.height,
        maxWidth: MAX_SIGNATURE_WIDTH,
        maxHeight: MAX_SIGNATURE_HEIGHT,
      });
    }
    throw signatureInvalid();
  }
}

/**
 * A text the station typed that the proof prints (the driver's name, the plate): required, and without direction controls,
 * which could make the printed proof read otherwise than what was stored.
 */
function requirePrintedText(value: string, field: 'podDriverName' | 'podVehiclePlate'): void {
  const params = { field: `entity.tDelivery.field.${field}` };
  if (!value) throw new AppError('fieldRequired', params);
  if (hasDirectionControl(value)) throw new AppError('fieldDirectionControl', params);
}

/** The cartons missing from and extra to the loaded ones, each sorted; both empty when they match exactly. */
function compareCartons(expected: readonly string[], loaded: readonly string[]): { missing: string[]; extra: string[] } {
  const want = new Set(expected);
  const got = new Set(loaded.map((c) => c.trim()));
  return { missing: [...want].filter((c) => !got.has(c)).sort(), extra: [...got].filter((c) => !want.has(c)).sort() };
}

function requireSameCartons(deliveryNumber: string, expected: readonly string[], loaded: readonly string[]): void {
  const { missing, extra } = compareCartons(expected, loaded);
  if (missing.length > 0 || extra.length > 0) {
    throw new AppError('podCartonsMismatch', {
      deliveryNumber,
      missing: missing.join(', ') || '—',
      extra: extra.join(', ') || '—',
    });
  }
}

/** A signed hand-over as checked: what the driver signed, the signature passed by the PNG gate. */
interface SignedHandover {
  submissionId: string;
  whId: string;
  deliveryNumber: string;
  carrierCode: string;
  loadedCartons: string[];
  driverName: string;
  vehiclePlate: string;
  png: CheckedPng;
  stationSignedAt: Date;
}

interface HandoverContext {
  stationName: string;
  language: DocumentLanguage;
  now: Date;
}

/** What a proof says of its hand-over: printed on its PDF (`renderProof`) and kept on its row (`insertPod`). */
export type ProofFacts = Pick<
  PodRow,
  'driverName' | 'vehiclePlate' | 'carrierCode' | 'signedAt' | 'stationSignedAt' | 'stationName' | 'userName'
>;

/** The facts of a hand-over signed at a station, the server's time as its signing time. */
const factsOf = (signed: SignedHandover, carrierCode: string, context: HandoverContext, user: SessionUser): ProofFacts => ({
  driverName: signed.driverName,
  vehiclePlate: signed.vehiclePlate,
  carrierCode,
  signedAt: context.now,
  stationSignedAt: signed.stationSignedAt,
  stationName: context.stationName,
  userName: user.name,
});

/**
 * The refusals after which the driver's signature is kept at the server all the same (README "A proof of delivery is
 * never only in a browser"): the delivery shipped meanwhile (attached to it when it can take it), another carrier or
 * other cartons, a delivery not found (or of a client the user is not granted: answered the same). Refusals of the
 * hand-over itself (no driver, a bad signature, another warehouse) keep nothing: the station never sends those.
 */
const KEPT_ON: ReadonlySet<string> = new Set(['deliveryShipped', 'podCarrierMismatch', 'podCartonsMismatch', 'podNotFoundScan']);

export const reasonOf = (language: DocumentLanguage, code: string, params: ErrorParams): string =>
  translate(language, `error.${code}`, params);

/**
 * The answer already given to a submission, if the server has it: kept unattached, or stored as a delivery's proof.
 * Another delivery under the same submission id → `podSubmissionReused`.
 */
async function storedAnswer(
  db: Db | Trx,
  submissionId: string,
  deliveryNumber: string,
  language: DocumentLanguage,
): Promise<HandoverAnswer | null> {
  const reused = (stored: string) => {
    if (stored !== deliveryNumber) throw new AppError('podSubmissionReused', { deliveryNumber: stored });
  };
  const { rows: kept } = await sql<{
    id: number;
    deliveryNumber: string;
    cartons: string[];
    refusalCode: string;
    refusalParams: ErrorParams;
  }>`
    select id, delivery_number, cartons, refusal_code, refusal_params from t_pod_unattached
    where submission_id = ${submissionId}`.execute(db);
  const unattached = kept[0];
  if (unattached) {
    reused(unattached.deliveryNumber);
    return {
      deliveryNumber,
      outcome: 'unattached',
      podId: 0,
      unattachedId: unattached.id,
      reason: reasonOf(language, unattached.refusalCode, unattached.refusalParams),
      cartons: unattached.cartons.length,
      duplicate: true,
    };
  }
  const { rows } = await sql<{ id: number; deliveryNumber: string; cartons: string[]; origin: string }>`
    select id, delivery_number, cartons, origin from t_delivery_pod where submission_id = ${submissionId}`.execute(db);
  const pod = rows[0];
  if (!pod) return null;
  reused(pod.deliveryNumber);
  const attached = pod.origin === 'A';
  return {
    deliveryNumber,
    outcome: attached ? 'attached' : 'shipped',
    podId: pod.id,
    unattachedId: 0,
    reason: attached ? reasonOf(language, 'deliveryShipped', { deliveryNumber }) : '',
    cartons: pod.cartons.length,
    duplicate: true,
  };
}

/** The proof of delivery: the delivery note with the signed hand-over stamped on it (a bad image → `podSignatureInvalid`). */
export async function renderProof(
  data: DeliveryData,
  language: DocumentLanguage,
  proof: Omit<ProofOfDelivery, 'signedAt' | 'stationSignedAt'> & { signedAt: Date; stationSignedAt: Date },
): Promise<Uint8Array> {
  try {
    const rendered = await renderDeliveryNote(data, language, {
      ...proof,
      signedAt: proof.signedAt.toISOString(),
      stationSignedAt: proof.stationSignedAt.toISOString(),
    });
    return rendered.bytes;
  } catch {
    // pdf-lib could not read an image the gate passed (an ancillary chunk it parses badly).
    throw signatureInvalid();
  }
}

export interface PodRow {
  whId: string;
  deliveryId: number;
  deliveryNumber: string;
  submissionId: string;
  driverName: string;
  vehiclePlate: string;
  carrierCode: string;
  png: Uint8Array;
  signedAt: Date;
  stationSignedAt: Date;
  stationId: number | null;
  stationName: string;
  userName: string;
  cartons: string[];
  pdf: Uint8Array;
  /** H the hand-over shipped it, A attached to a delivery shipped meanwhile, O attached by the office (migration 0024). */
  origin: 'H' | 'A' | 'O';
}

export async function insertPod(trx: Trx, pod: PodRow): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    insert into t_delivery_pod (wh_id, delivery_id, delivery_number, submission_id, driver_name, vehicle_plate, carrier_code,
      signature_png, signed_at, station_signed_at, station_id, station_name, user_name, cartons, pdf, origin)
    values (${pod.whId}, ${pod.deliveryId}, ${pod.deliveryNumber}, ${pod.submissionId}, ${pod.driverName}, ${pod.vehiclePlate},
      ${pod.carrierCode}, ${Buffer.from(pod.png)}, ${pod.signedAt}, ${pod.stationSignedAt}, ${pod.stationId}, ${pod.stationName},
      ${pod.userName}, ${pod.cartons}::varchar[], ${Buffer.from(pod.pdf)}, ${pod.origin})
    returning id`.execute(trx);
  return rows[0]?.id ?? 0;
}

/** Locks a delivery; answers its status and whether it holds a proof already (null when gone). */
export async function lockDelivery(trx: Trx, id: number): Promise<{ status: string; hasPod: boolean } | null> {
  const { rows } = await sql<{ status: string; hasPod: boolean }>`
    select status, exists (select 1 from t_delivery_pod p where p.delivery_id = d.id) as has_pod
    from t_delivery d where id = ${id} for update`.execute(trx);
  return rows[0] ?? null;
}

async function deliveryCartons(trx: Trx, whId: string, deliveryNumber: string): Promise<string[]> {
  const { rows } = await sql<{ cartonNumber: string }>`
    select carton_number from tbl_shipping_label where wh_id = ${whId} and delivery_number = ${deliveryNumber}
    order by carton_number`.execute(trx);
  return rows.map((c) => c.cartonNumber);
}

/**
 * `POST /kiosk/delivery/handover` (and the outbox's `/kiosk/station/handover`). Checks the hand-over (refusals that keep
 * nothing), answers a submission already received as it was answered, then ships the delivery with its proof. Refused
 * there (`KEPT_ON`), the signature is kept at the server anyway: attached to a delivery shipped meanwhile, else
 * unattached for the office (`keepSignature`).
 */
export async function handover(
  db: Db,
  user: SessionUser,
  input: HandoverRequest,
  context: HandoverContext,
): Promise<HandoverAnswer> {
  const station = stationOf(user);
  const submissionId = input.submissionId.trim();
  const deliveryNumber = input.deliveryNumber.trim();
  if (input.whId !== station.whId || !grantsWarehouse(user, input.whId))
    throw new AppError('podNotFoundScan', { scan: deliveryNumber });
  const driverName = input.driverName.trim();
  const vehiclePlate = input.vehiclePlate.trim().toUpperCase();
  requirePrintedText(driverName, 'podDriverName');
  requirePrintedText(vehiclePlate, 'podVehiclePlate');
  // The station's clock, kept for audit: the signing time is the server's (`context.now`), below.
  const stationSignedAt = new Date(input.signedAt);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(input.signedAt) || Number.isNaN(stationSignedAt.getTime())) {
    throw new AppError('podSignedAtInvalid', { signedAt: input.signedAt.slice(0, 40) });
  }
  const png = signatureImage(input.signaturePng);

  // A submission already received answers its result before anything else is checked (the delivery is shipped now).
  const known = await inTransaction(db, (trx) => storedAnswer(trx, submissionId, deliveryNumber, context.language));
  if (known) return known;

  const signed: SignedHandover = {
    submissionId,
    whId: input.whId,
    deliveryNumber,
    carrierCode: input.carrierCode.trim(),
    loadedCartons: [...new Set(input.loadedCartons.map((c) => c.trim()))].sort(),
    driverName,
    vehiclePlate,
    png,
    stationSignedAt,
  };
  try {
    return await shipWithProof(db, user, signed, context);
  } catch (error) {
    if (!(error instanceof AppError) || !KEPT_ON.has(error.code)) throw error;
    return keepSignature(db, user, signed, error, context);
  }
}

/**
 * The hand-over that ships: the delivery open, its carrier and exactly its cartons. The PDF is rendered before the
 * transaction (PGlite has one connection); then one transaction: the delivery locked, the submission looked up again
 * under the lock (a duplicate answers the first result), still open with the same cartons, the proof stored and the
 * delivery shipped (`shipDelivery`).
 */
async function shipWithProof(
  db: Db,
  user: SessionUser,
  signed: SignedHandover,
  context: HandoverContext,
): Promise<HandoverAnswer> {
  const station = stationOf(user);
  const { whId, deliveryNumber } = signed;
  const head = await deliveryByScan(db, whId, deliveryNumber);
  if (!head || head.deliveryNumber !== deliveryNumber || !(await clientsGranted(db, user, head, 'write'))) {
    throw new AppError('podNotFoundScan', { scan: deliveryNumber });
  }
  if (head.status !== 'O') throw new AppError('deliveryShipped', { deliveryNumber });
  if (signed.carrierCode !== head.carrierId) {
    throw new AppError('podCarrierMismatch', { carrierCode: signed.carrierCode, deliveryNumber, expected: head.carrierId });
  }
  const data = await getDeliveryData(db, { whId, deliveryNumber }, user);
  const cartons = data.cartons.map((c) => c.cartonNumber).sort();
  requireSameCartons(deliveryNumber, cartons, signed.loadedCartons);

  const facts = factsOf(signed, head.carrierId, context, user);
  // The proof records the hand-over that ships the delivery (in the transaction below; if that fails, this PDF is
  // dropped with it): it reads shipped, and signed, at the time the server received it.
  const shipped = { ...data, status: 'S' as const, shipTime: facts.signedAt.toISOString() };
  const pdf = await renderProof(shipped, context.language, { ...facts, signaturePng: signed.png });

  return inTransaction(db, async (trx) => {
    const locked = await lockDelivery(trx, head.id);
    if (!locked) throw new AppError('podNotFoundScan', { scan: deliveryNumber });
    const again = await storedAnswer(trx, signed.submissionId, deliveryNumber, context.language);
    if (again) return again;
    if (locked.status !== 'O') throw new AppError('deliveryShipped', { deliveryNumber });
    requireSameCartons(deliveryNumber, cartons, await deliveryCartons(trx, whId, deliveryNumber));
    const podId = await insertPod(trx, {
      ...facts,
      whId,
      deliveryId: head.id,
      deliveryNumber,
      submissionId: signed.submissionId,
      png: signed.png.bytes,
      stationId: station.id,
      cartons,
      pdf,
      origin: 'H',
    });
    await shipDelivery(trx, { whId, deliveryNumber }, user);
    return { deliveryNumber, outcome: 'shipped', podId, unattachedId: 0, reason: '', cartons: cartons.length, duplicate: false };
  });
}

/**
 * A signed hand-over the delivery refused keeps its signature at the server. The delivery shipped meanwhile (from a desk)
 * without a proof, of the carrier and exactly the cartons signed for: the signature becomes its proof (`attached`, one
 * transaction). Anything else: one transaction stores it as an unattached proof with the refusal (`unattached`), for the
 * office to attach or discard. The refusal is the answer's `reason`, in the station's language.
 */
async function keepSignature(
  db: Db,
  user: SessionUser,
  signed: SignedHandover,
  refusal: AppError,
  context: HandoverContext,
): Promise<HandoverAnswer> {
  const station = stationOf(user);
  const reason = reasonOf(context.language, refusal.code, refusal.params);
  if (refusal.code === 'deliveryShipped') {
    const attached = await attachToShipped(db, user, signed, context, reason);
    if (attached) return attached;
  }
  return inTransaction(db, async (trx) => {
    const again = await storedAnswer(trx, signed.submissionId, signed.deliveryNumber, context.language);
    if (again) return again;
    const { rows } = await sql<{ id: number }>`
      insert into t_pod_unattached (wh_id, delivery_number, submission_id, driver_name, vehicle_plate, carrier_code,
        signature_png, received_at, station_signed_at, station_id, station_name, language, user_name, cartons, refusal_code,
        refusal_params)
      values (${signed.whId}, ${signed.deliveryNumber}, ${signed.submissionId}, ${signed.driverName}, ${signed.vehiclePlate},
        ${signed.carrierCode}, ${Buffer.from(signed.png.bytes)}, ${context.now}, ${signed.stationSignedAt}, ${station.id},
        ${context.stationName}, ${context.language}, ${user.name}, ${signed.loadedCartons}::varchar[], ${refusal.code},
        ${JSON.stringify(refusal.params)}::jsonb)
      on conflict (submission_id) do nothing
      returning id`.execute(trx);
    const id = rows[0]?.id;
    // The same submission stored meanwhile by a concurrent send: its answer.
    if (id === undefined) return (await storedAnswer(trx, signed.submissionId, signed.deliveryNumber, context.language))!;
    return {
      deliveryNumber: signed.deliveryNumber,
      outcome: 'unattached',
      podId: 0,
      unattachedId: id,
      reason,
      cartons: signed.loadedCartons.length,
      duplicate: false,
    };
  });
}

/** The signature as the proof of a delivery shipped meanwhile, when it can take it; null (nothing written) otherwise. */
async function attachToShipped(
  db: Db,
  user: SessionUser,
  signed: SignedHandover,
  context: HandoverContext,
  reason: string,
): Promise<HandoverAnswer | null> {
  const station = stationOf(user);
  const { whId, deliveryNumber } = signed;
  const head = await deliveryByScan(db, whId, deliveryNumber);
  if (!head || head.deliveryNumber !== deliveryNumber || head.status !== 'S' || head.carrierId !== signed.carrierCode)
    return null;
  if (!(await clientsGranted(db, user, head, 'write'))) return null;
  const data = await getDeliveryData(db, { whId, deliveryNumber }, user);
  const cartons = data.cartons.map((c) => c.cartonNumber).sort();
  const { missing, extra } = compareCartons(cartons, signed.loadedCartons);
  if (missing.length > 0 || extra.length > 0) return null;
  const facts = factsOf(signed, head.carrierId, context, user);
  let pdf: Uint8Array;
  try {
    pdf = await renderProof(data, context.language, { ...facts, signaturePng: signed.png });
  } catch {
    return null;
  }
  return inTransaction(db, async (trx) => {
    const locked = await lockDelivery(trx, head.id);
    const again = await storedAnswer(trx, signed.submissionId, deliveryNumber, context.language);
    if (again) return again;
    if (locked?.status !== 'S' || locked.hasPod) return null;
    const now = await deliveryCartons(trx, whId, deliveryNumber);
    if (now.join('\n') !== cartons.join('\n')) return null;
    const podId = await insertPod(trx, {
      ...facts,
      whId,
      deliveryId: head.id,
      deliveryNumber,
      submissionId: signed.submissionId,
      png: signed.png.bytes,
      stationId: station.id,
      cartons,
      pdf,
      origin: 'A',
    });
    return { deliveryNumber, outcome: 'attached', podId, unattachedId: 0, reason, cartons: cartons.length, duplicate: false };
  });
}

/**
 * `POST /tblShippingLabel/getPodDocument` (console): the stored PDF of a delivery's proof of delivery. The same reading
 * rights as the delivery note: every client of the delivery's cartons granted, else it answers as a delivery without
 * proof (`podNotFound`), revealing nothing.
 */
export async function podDocument(db: Db, user: SessionUser, whId: string, deliveryNumber: string): Promise<Uint8Array> {
  if (!grantsWarehouse(user, whId)) throw new AppError('warehouseNotGranted', { whId });
  const number = deliveryNumber.trim();
  const { rows } = await sql<{ pdf: Uint8Array }>`
    select pdf from t_delivery_pod where wh_id = ${whId} and delivery_number = ${number}`.execute(db);
  const row = rows[0];
  if (!row || !(await grantsDelivery(db, user, whId, number, 'read')))
    throw new AppError('podNotFound', { deliveryNumber: number });
  return row.pdf;
}
