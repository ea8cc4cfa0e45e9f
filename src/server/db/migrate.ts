import type { Kysely } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import * as m0001 from './migrations/0001_platform';
import * as m0002 from './migrations/0002_warehouse_client';
import * as m0003 from './migrations/0003_system';
import * as m0004 from './migrations/0004_masterdata';
import * as m0006 from './migrations/0006_masterdata_more';
import * as m0007 from './migrations/0007_backup_notice';
import * as m0008 from './migrations/0008_inventory';
import * as m0009 from './migrations/0009_inventory_hardening';
import * as m0010 from './migrations/0010_location_prefix';
import * as m0011 from './migrations/0011_inbound';
import * as m0013 from './migrations/0013_receiving';
import * as m0014 from './migrations/0014_putaway';
import * as m0015 from './migrations/0015_outbound';
import * as m0016 from './migrations/0016_shipping';
import * as m0017 from './migrations/0017_cycle_count';
import * as m0018 from './migrations/0018_rf';
import * as m0019 from './migrations/0019_kiosk';
import * as m0020 from './migrations/0020_imports';
import * as m0021 from './migrations/0021_pod_times';
import * as m0022 from './migrations/0022_badge_hash';
import * as m0023 from './migrations/0023_print_job_clients';
import * as m0024 from './migrations/0024_pod_unattached';
import * as m0025 from './migrations/0025_rf_texts';
import * as m0026 from './migrations/0026_wave_detail_load_id';
import * as m0027 from './migrations/0027_expiry';
import * as m0028 from './migrations/0028_trace';
import * as m0029 from './migrations/0029_serials';
import * as m0030 from './migrations/0030_serial_counts';
import * as m0031 from './migrations/0031_carton_carrier';
import * as m0032 from './migrations/0032_api_keys';
import * as m0033 from './migrations/0033_serial_moves';
import * as m0034 from './migrations/0034_webhooks';
import * as m0035 from './migrations/0035_job_runs';
import * as m0036 from './migrations/0036_reports';
import * as m0037 from './migrations/0037_idempotency_claims';
import * as m0038 from './migrations/0038_webhook_pause';
import * as m0039 from './migrations/0039_dashboard';
import * as m0040 from './migrations/0040_more_reports';
import * as m0041 from './migrations/0041_order_ship_day';

// Listed explicitly: the server is one esbuild bundle, so nothing is read from disk at run time.
const MIGRATIONS: Record<string, Migration> = {
  '0001_platform': m0001,
  '0002_warehouse_client': m0002,
  '0003_system': m0003,
  '0004_masterdata': m0004,
  '0006_masterdata_more': m0006,
  '0007_backup_notice': m0007,
  '0008_inventory': m0008,
  '0009_inventory_hardening': m0009,
  '0010_location_prefix': m0010,
  '0011_inbound': m0011,
  '0013_receiving': m0013,
  '0014_putaway': m0014,
  '0015_outbound': m0015,
  '0016_shipping': m0016,
  '0017_cycle_count': m0017,
  '0018_rf': m0018,
  '0019_kiosk': m0019,
  '0020_imports': m0020,
  '0021_pod_times': m0021,
  '0022_badge_hash': m0022,
  '0023_print_job_clients': m0023,
  '0024_pod_unattached': m0024,
  '0025_rf_texts': m0025,
  '0026_wave_detail_load_id': m0026,
  '0027_expiry': m0027,
  '0028_trace': m0028,
  '0029_serials': m0029,
  '0030_serial_counts': m0030,
  '0031_carton_carrier': m0031,
  '0032_api_keys': m0032,
  '0033_serial_moves': m0033,
  '0034_webhooks': m0034,
  '0035_job_runs': m0035,
  '0036_reports': m0036,
  '0037_idempotency_claims': m0037,
  '0038_webhook_pause': m0038,
  '0039_dashboard': m0039,
  '0040_more_reports': m0040,
  '0041_order_ship_day': m0041,
};

/** Brings the schema to the newest version; fails loudly (the server must not start half-migrated). */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  // Branches own their numbers and land in any order: a database may already hold a later one.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS }, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).map((r) => r.migrationName);
}

/** The newest schema version this build knows (backups record it). */
// Sorted: the numbered names order the versions whatever order the list above was merged in.
export const SCHEMA_VERSION = Object.keys(MIGRATIONS).sort().at(-1) ?? '';

/** Every migration this build carries (`/readyz` checks that the database has applied them all). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);
