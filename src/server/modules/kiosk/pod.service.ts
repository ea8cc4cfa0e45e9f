/**
 * The hand-over at a dock station (README "Hand-over"): find the delivery by a scan, then the signed hand-over renders
 * the proof of delivery (the delivery note with the signature stamped on it) and, in one transaction, stores it and
 * ships the delivery through the shipping module's `shipDelivery`. The same submission sent again answers the stored
 * result (`duplicate: true`) and ships nothing more.
 */
import { sql } from 'kysely';
import {
  type HandoverAnswer,
  type HandoverRequest,
  type KioskCarton,
  type KioskDelivery,
  MAX_SIGNATURE_BYTES,
  MAX_SIGNATURE_HEIGHT,
  MAX_SIGNATURE_WIDTH,
} from '../../../shared/kiosk';
import { hasDirectionControl } from '../../../shared/validation';
import type { Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import type { SessionUser } from '../../platform/context';
import { AppError, HttpError } from '../../platform/errors';
import { type Access, grantsWarehouse } from '../../platform/grants';
import { type CheckedPng, checkPng, PngRefused } from '../../platform/pngGuard';
import { shipDelivery } from '../shipping/deliveries.service';
import { renderDeliveryNote } from '../shipping/documents';
import type { DocumentLanguage } from '../shipping/documents/documents.types';
import { grantsDelivery } from '../shipping/shipping.guard';
import { getDeliveryData } from '../shipping/shippingData.service';

/** The station of a station session (the kiosk routes are the station's alone). */
function stationOf(user: SessionUser) {
  if (!user.station) throw new HttpError(403);
  return user.station;
}

interface DeliveryHead {
  id: number;
  whId: string;
  deliveryNumber: string;
  carrierId: string;
  carrierName: string | null;
  status: 'O' | 'S';
}

/** The delivery a scan names in the warehouse: its number, or a carton number or express number of one of its cartons. */
async function deliveryByScan(db: Db | Trx, whId: string, scan: string): Promise<DeliveryHead | null> {
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
const clientsGranted = (db: Db | Trx, user: SessionUser, head: DeliveryHead, access: Access): Promise<boolean> =>
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

const SIGNATURE_LIMITS = { maxBytes: MAX_SIGNATURE_BYTES, maxWidth: MAX_SIGNATURE_WIDTH, maxHeight: MAX_SIGNATURE_HEIGHT };
const signatureInvalid = () => new AppError('podSignatureInvalid', { maxKb: MAX_SIGNATURE_BYTES / 1024 });

/**
 * The decoded signature, checked by the PNG gate before anything decodes its pixels (platform/pngGuard.ts): at most
 * MAX_SIGNATURE_BYTES, MAX_SIGNATURE_WIDTH × MAX_SIGNATURE_HEIGHT pixels (`podSignatureTooLarge` names both sizes), one
 * still image whose data inflates to exactly what its header says (else `podSignatureInvalid`).
 */
function signatureImage(base64: string): CheckedPng {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw signatureInvalid();
  try {
    return checkPng(new Uint8Array(Buffer.from(base64, 'base64')), SIGNATURE_LIMITS);
  } catch (error) {
    if (!(error instanceof PngRefused)) throw error;
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

interface StoredPod {
  id: number;
  deliveryNumber: string;
  cartons: string[];
}

async function storedSubmission(trx: Trx, submissionId: string): Promise<StoredPod | null> {
  const { rows } = await sql<StoredPod>`
    select id, delivery_number, cartons from t_delivery_pod where submission_id = ${submissionId}`.execute(trx);
  return rows[0] ?? null;
}

/**
 * `POST /kiosk/delivery/handover`. Checks the hand-over, renders the proof of delivery (before the transaction: PGlite
 * has one connection), then one transaction: the delivery locked; this submission already stored → its result with
 * `duplicate: true`; else the delivery must still be open with the same cartons, the proof is stored and the delivery
 * shipped (`shipDelivery`, same transaction).
 */
export async function handover(
  db: Db,
  user: SessionUser,
  input: HandoverRequest,
  context: { stationName: string; language: DocumentLanguage; now: Date },
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
  const known = await inTransaction(db, (trx) => storedSubmission(trx, submissionId));
  if (known) return duplicateAnswer(known, deliveryNumber);

  const head = await deliveryByScan(db, input.whId, deliveryNumber);
  if (!head || head.deliveryNumber !== deliveryNumber || !(await clientsGranted(db, user, head, 'write'))) {
    throw new AppError('podNotFoundScan', { scan: deliveryNumber });
  }
  if (head.status !== 'O') throw new AppError('deliveryShipped', { deliveryNumber });
  if (input.carrierCode.trim() !== head.carrierId) {
    throw new AppError('podCarrierMismatch', { carrierCode: input.carrierCode.trim(), deliveryNumber, expected: head.carrierId });
  }
  const data = await getDeliveryData(db, { whId: input.whId, deliveryNumber }, user);
  const cartons = data.cartons.map((c) => c.cartonNumber).sort();
  requireSameCartons(deliveryNumber, cartons, input.loadedCartons);

  const signedAt = context.now;
  // The proof records the hand-over that ships the delivery (in the transaction below; if that fails, this PDF is
  // dropped with it): it reads shipped, and signed, at the time the server received it.
  const shipped = { ...data, status: 'S' as const, shipTime: signedAt.toISOString() };
  let pdf: Uint8Array;
  try {
    const rendered = await renderDeliveryNote(shipped, context.language, {
      driverName,
      vehiclePlate,
      carrierCode: head.carrierId,
      signedAt: signedAt.toISOString(),
      stationSignedAt: stationSignedAt.toISOString(),
      stationName: context.stationName,
      userName: user.name,
      signaturePng: png,
    });
    pdf = rendered.bytes;
  } catch {
    // pdf-lib could not read an image the gate passed (an ancillary chunk it parses badly).
    throw signatureInvalid();
  }

  return inTransaction(db, async (trx) => {
    const { rows } = await sql<{ id: number; status: string }>`
      select id, status from t_delivery where id = ${head.id} for update`.execute(trx);
    const locked = rows[0];
    if (!locked) throw new AppError('podNotFoundScan', { scan: deliveryNumber });
    const again = await storedSubmission(trx, submissionId);
    if (again) return duplicateAnswer(again, deliveryNumber);
    if (locked.status !== 'O') throw new AppError('deliveryShipped', { deliveryNumber });
    const { rows: now } = await sql<{ cartonNumber: string }>`
      select carton_number from tbl_shipping_label where wh_id = ${input.whId} and delivery_number = ${deliveryNumber}
      order by carton_number`.execute(trx);
    requireSameCartons(
      deliveryNumber,
      cartons,
      now.map((c) => c.cartonNumber),
    );
    const { rows: inserted } = await sql<{ id: number }>`
      insert into t_delivery_pod (wh_id, delivery_id, delivery_number, submission_id, driver_name, vehicle_plate, carrier_code,
        signature_png, signed_at, station_signed_at, station_id, station_name, user_name, cartons, pdf)
      values (${input.whId}, ${head.id}, ${deliveryNumber}, ${submissionId}, ${driverName}, ${vehiclePlate}, ${head.carrierId},
        ${Buffer.from(png.bytes)}, ${signedAt}, ${stationSignedAt}, ${station.id}, ${context.stationName}, ${user.name},
        ${cartons}::varchar[], ${Buffer.from(pdf)})
      returning id`.execute(trx);
    await shipDelivery(trx, { whId: input.whId, deliveryNumber }, user);
    return { deliveryNumber, podId: inserted[0]?.id ?? 0, cartons: cartons.length, duplicate: false };
  });
}

function duplicateAnswer(pod: StoredPod, deliveryNumber: string): HandoverAnswer {
  if (pod.deliveryNumber !== deliveryNumber) throw new AppError('podSubmissionReused', { deliveryNumber: pod.deliveryNumber });
  return { deliveryNumber, podId: pod.id, cartons: pod.cartons.length, duplicate: true };
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
