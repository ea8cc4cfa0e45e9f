import { type Kysely, sql } from 'kysely';

/**
 * The proof of delivery's signing time is the server's (issue 24): a station's clock may be wrong, or set to anything.
 * - t_delivery_pod.signed_at: the server's time of the hand-over (it was `received_at`), printed on the proof and shown
 *   in the Deliveries list;
 * - t_delivery_pod.station_signed_at: the station's clock as the station sent it (it was `signed_at`), kept for audit
 *   and printed beside the signing time when the two differ by more than a tolerance.
 * - v_delivery made again over the renamed columns (a view keeps the columns it was made with, not their names).
 * Proofs stored before keep the PDF printed then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    drop view v_delivery;
    alter table t_delivery_pod rename column signed_at to station_signed_at;
    alter table t_delivery_pod rename column received_at to signed_at;
    create view v_delivery as
      select d.*, p.id as pod_id, p.driver_name as pod_driver_name, p.vehicle_plate as pod_vehicle_plate,
        p.signed_at as pod_signed_at, p.station_name as pod_station_name, p.user_name as pod_user_name
      from t_delivery d left join t_delivery_pod p on p.delivery_id = d.id;
  `)
    .execute(db);
}
