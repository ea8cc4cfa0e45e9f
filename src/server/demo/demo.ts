/**
 * The demo data (WHARF_DEMO, on by default): two warehouses, three clients, their master data and documents in every
 * status, made through the modules' own service functions so that they obey the same rules as what a user does. It
 * sits above the modules (src/server/README.md "Layers"); the base seed (tenant, administrator, menus, dictionary)
 * stays in db/seed, below them. main.ts hands it to openDatabase, which runs it in the first start's transaction.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { seedDemoImports } from './demoImports';
import { seedDemoInbound } from './demoInbound';
import { seedDemoKiosk } from './demoKiosk';
import { seedDemoMasterdata } from './demoMasterdata';
import { seedDemoOutboundOrders } from './demoOutboundOrders';
import { seedDemoOutboundPicking } from './demoOutboundPicking';
import { seedDemoOutboundWaves, seedDemoWaveContent } from './demoOutboundWaves';
import { seedDemoRf } from './demoRf';
import { seedDemoShipping } from './demoShipping';

/** Demo data for a first look: two warehouses, three clients and their master data. Skipped when any warehouse exists. */
export async function seedDemo(db: Db): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from t_whse`.execute(db);
  if ((rows[0]?.n ?? 0) > 0) return false;
  await sql`
    insert into t_whse (wh_id, code, name, addr1, city, state, zip, country_code, phone) values
      ('WH01', 'SHA', '上海浦东仓 Shanghai Pudong DC', '浦东新区川沙路 88 号', '上海 Shanghai', '上海 Shanghai', '201200', 'CN', '021-5888-0001'),
      ('WH02', 'SZX', '深圳前海仓 Shenzhen Qianhai DC', '前海深港合作区临海大道 9 号', '深圳 Shenzhen', '广东 Guangdong', '518000', 'CN', '0755-8666-0002');
    insert into t_client (wh_id, client_code, name, address, contact, email, phone) values
      ('WH01', 'ACME', '艾克美贸易 ACME Trading', '上海市静安区南京西路 1 号', '王芳 Wang Fang', 'ops@acme.example', '021-6000-1111'),
      ('WH01', 'BLUE', '蓝海电商 Blue Ocean E-commerce', '上海市徐汇区漕溪北路 2 号', '李强 Li Qiang', 'wh@blueocean.example', '021-6000-2222'),
      ('WH02', 'ACME', '艾克美贸易 ACME Trading', '深圳市南山区科技园 3 号', '陈静 Chen Jing', 'sz@acme.example', '0755-2600-3333');
  `.execute(db);
  await seedDemoMasterdata(db);
  await seedDemoInbound(db);
  await seedDemoOutboundOrders(db);
  await seedDemoOutboundWaves(db);
  await seedDemoWaveContent(db);
  await seedDemoOutboundPicking(db);
  await seedDemoShipping(db);
  await seedDemoRf(db);
  await seedDemoKiosk(db);
  await seedDemoImports(db);
  return true;
}
