/**
 * Unattached proofs of delivery (issue 25 item 2; README "A proof of delivery is never only in a browser"): the signed
 * hand-overs a delivery could not take, kept at the server by the hand-over (`pod.service.ts` `keepSignature`). An office
 * user lists them, attaches one to a shipped delivery without a proof (it becomes that delivery's proof, rendered as the
 * hand-over would have), or discards one with a reason. Each action is one transaction; what a user sees follows the
 * delivery rule (`grantsDelivery`: the warehouse, and every client of the delivery the station named when it exists).
 */
import { sql } from 'kysely';
import type { ErrorParams } from '../../../shared/errors';
import type { UnattachedPod, UnattachedPodStatus } from '../../../shared/kiosk';
import { hasDirectionControl, textLength } from '../../../shared/validation';
import type { LanguageCode } from '../../../shared/wire';
import type { Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import type { SessionUser } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { grantsWarehouse } from '../../platform/grants';
import { checkPng } from '../../platform/pngGuard';
import { grantsDelivery } from '../shipping/shipping.guard';
import { getDeliveryData } from '../shipping/shippingData.service';
import {
  clientsGranted,
  deliveryByScan,
  insertPod,
  lockDelivery,
  type ProofFacts,
  reasonOf,
  renderProof,
  SIGNATURE_LIMITS,
} from './pod.service';

/** The longest list answered at once (the oldest first: they wait the longest). */
const LIST_LIMIT = 200;
/** A discard reason: 1 to 200 characters. */
const DISCARD_REASON_MAX = 200;

interface Row {
  id: number;
  whId: string;
  deliveryNumber: string;
  submissionId: string;
  driverName: string;
  vehiclePlate: string;
  carrierCode: string;
  signaturePng: Uint8Array;
  receivedAt: Date;
  stationSignedAt: Date;
  stationId: number | null;
  stationName: string;
  language: LanguageCode;
  userName: string;
  cartons: string[];
  refusalCode: string;
  refusalParams: ErrorParams;
  status: UnattachedPodStatus;
  resolvedBy: string | null;
  resolvedAt: Date | null;
  discardReason: string | null;
  podId: number | null;
}

const COLUMNS = sql`id, wh_id, delivery_number, submission_id, driver_name, vehicle_plate, carrier_code, signature_png,
  received_at, station_signed_at, station_id, station_name, language, user_name, cartons, refusal_code, refusal_params, status,
  resolved_by, resolved_at, discard_reason, pod_id`;

const visible = (db: Db | Trx, user: SessionUser, row: Row) => grantsDelivery(db, user, row.whId, row.deliveryNumber, 'read');

function toWire(row: Row, language: LanguageCode): UnattachedPod {
  return {
    id: row.id,
    whId: row.whId,
    deliveryNumber: row.deliveryNumber,
    driverName: row.driverName,
    vehiclePlate: row.vehiclePlate,
    carrierCode: row.carrierCode,
    receivedAt: row.receivedAt.toISOString(),
    stationSignedAt: row.stationSignedAt.toISOString(),
    stationName: row.stationName,
    userName: row.userName,
    cartons: row.cartons,
    reason: reasonOf(language, row.refusalCode, row.refusalParams),
    status: row.status,
    resolvedBy: row.resolvedBy,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    discardReason: row.discardReason,
    podId: row.podId,
    signaturePng: Buffer.from(row.signaturePng).toString('base64'),
  };
}

/** `POST /tblShippingLabel/findUnattachedPods`: a warehouse's unattached proofs of one status (U by default), oldest first. */
export async function findUnattachedPods(
  db: Db,
  user: SessionUser,
  whId: string,
  status: UnattachedPodStatus,
  language: LanguageCode,
): Promise<UnattachedPod[]> {
  if (!grantsWarehouse(user, whId)) throw new AppError('warehouseNotGranted', { whId });
  const { rows } = await sql<Row>`
    select ${COLUMNS} from t_pod_unattached where wh_id = ${whId} and status = ${status} order by id limit ${LIST_LIMIT}`.execute(
    db,
  );
  const shown: UnattachedPod[] = [];
  for (const row of rows) if (await visible(db, user, row)) shown.push(toWire(row, language));
  return shown;
}

/** The unattached proof, locked, still waiting (U) and visible to the user; else the refusal, revealing nothing. */
async function openProof(trx: Trx, user: SessionUser, id: number): Promise<Row> {
  const { rows } = await sql<Row>`select ${COLUMNS} from t_pod_unattached where id = ${id} for update`.execute(trx);
  const row = rows[0];
  if (!row || !(await visible(trx, user, row))) throw new AppError('podUnattachedNotFound', { id });
  if (row.status !== 'U') throw new AppError('podUnattachedResolved', { id, by: row.resolvedBy ?? '' });
  return row;
}

/**
 * `POST /tblShippingLabel/attachPod` {id, deliveryNumber}: the unattached proof becomes the proof of delivery of a
 * shipped delivery of its warehouse that has none (`podAttachNotShipped`, `podAttachHasProof`; a delivery the user may
 * not change answers as unknown). Rendered before the transaction (PGlite has one connection) in the station's language,
 * signed at the time the server received it; then one transaction: proof and delivery locked, both checked again, the
 * proof stored (origin O) and the unattached one marked attached (A) by the user. Answers the new proof's id.
 */
export async function attachPod(db: Db, user: SessionUser, id: number, deliveryNumber: string, now: Date): Promise<number> {
  const number = deliveryNumber.trim();
  const proof = await inTransaction(db, (trx) => openProof(trx, user, id));
  const head = await deliveryByScan(db, proof.whId, number);
  if (!head || head.deliveryNumber !== number || !(await clientsGranted(db, user, head, 'write'))) {
    throw new AppError('podNotFoundScan', { scan: number });
  }
  if (head.status !== 'S') throw new AppError('podAttachNotShipped', { deliveryNumber: number });
  const data = await getDeliveryData(db, { whId: proof.whId, deliveryNumber: number }, user);
  const cartons = data.cartons.map((c) => c.cartonNumber).sort();
  // Stored only after the PNG gate passed it; checked again as the one way to a `CheckedPng`.
  const png = checkPng(new Uint8Array(proof.signaturePng), SIGNATURE_LIMITS);
  const facts: ProofFacts = {
    driverName: proof.driverName,
    vehiclePlate: proof.vehiclePlate,
    carrierCode: head.carrierId,
    signedAt: proof.receivedAt,
    stationSignedAt: proof.stationSignedAt,
    stationName: proof.stationName,
    userName: proof.userName,
  };
  const pdf = await renderProof(data, proof.language, { ...facts, signaturePng: png });
  return inTransaction(db, async (trx) => {
    const row = await openProof(trx, user, id);
    const locked = await lockDelivery(trx, head.id);
    if (locked?.status !== 'S') throw new AppError('podAttachNotShipped', { deliveryNumber: number });
    if (locked.hasPod) throw new AppError('podAttachHasProof', { deliveryNumber: number });
    const podId = await insertPod(trx, {
      ...facts,
      whId: row.whId,
      deliveryId: head.id,
      deliveryNumber: number,
      submissionId: row.submissionId,
      png: png.bytes,
      stationId: row.stationId,
      cartons,
      pdf,
      origin: 'O',
    });
    await sql`update t_pod_unattached set status = 'A', pod_id = ${podId}, resolved_by = ${user.name}, resolved_at = ${now}
      where id = ${id}`.execute(trx);
    return podId;
  });
}

/** `POST /tblShippingLabel/discardPod` {id, reason}: set aside with the reason (required, ≤ 200 characters), by the user. */
export async function discardPod(db: Db, user: SessionUser, id: number, reason: string, now: Date): Promise<number> {
  const text = reason.trim();
  const params = { field: 'pod.unattached.discardReason' };
  if (!text) throw new AppError('fieldRequired', params);
  if (textLength(text) > DISCARD_REASON_MAX) throw new AppError('fieldTooLong', { ...params, max: DISCARD_REASON_MAX });
  if (hasDirectionControl(text)) throw new AppError('fieldDirectionControl', params);
  return inTransaction(db, async (trx) => {
    await openProof(trx, user, id);
    await sql`update t_pod_unattached set status = 'D', discard_reason = ${text}, resolved_by = ${user.name}, resolved_at = ${now}
      where id = ${id}`.execute(trx);
    return id;
  });
}
