import { type Kysely, sql } from 'kysely';

/**
 * A driver's signature is never only in a browser (issue 25 item 2): a signed hand-over the server refuses to ship
 * still leaves its signature at the server.
 * - t_delivery_pod.origin: how the proof came to its delivery — H the hand-over shipped it, A the delivery had been
 *   shipped meanwhile (from a desk) and the hand-over's signature was attached to it, O an office user attached an
 *   unattached proof.
 * - t_pod_unattached: a signed hand-over that could not ship nor attach to its delivery (another carton list, another
 *   carrier, a delivery not found or already holding a proof), with the refusal (code and parameters) and what was
 *   signed; status U (unattached) until an office user attaches it to a delivery (A, `pod_id`) or discards it with a
 *   reason (D). Its submission id is unique, so a station's outbox sending it again answers the same.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    alter table t_delivery_pod add column origin char(1) not null default 'H' check (origin in ('H', 'A', 'O'));

    create table t_pod_unattached (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      delivery_number varchar(30) not null,
      submission_id varchar(64) not null unique,
      driver_name varchar(50) not null,
      vehicle_plate varchar(20) not null,
      carrier_code varchar(30) not null,
      signature_png bytea not null,
      received_at timestamptz not null,
      station_signed_at timestamptz not null,
      station_id integer references t_kiosk_station(id) on delete set null,
      station_name varchar(30) not null,
      language varchar(10) not null check (language in ('zh_cn', 'en_us')),
      user_name varchar(50) not null,
      cartons varchar(30)[] not null,
      refusal_code varchar(60) not null,
      refusal_params jsonb not null default '{}',
      status char(1) not null default 'U' check (status in ('U', 'A', 'D')),
      resolved_by varchar(50),
      resolved_at timestamptz,
      discard_reason varchar(200),
      pod_id integer references t_delivery_pod(id),
      create_time timestamptz not null default now()
    );
    create index t_pod_unattached_open on t_pod_unattached (wh_id, status, id);
  `)
    .execute(db);
}
