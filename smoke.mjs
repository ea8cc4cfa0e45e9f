// smoke.mts
import { PGlite } from "@electric-sql/pglite";
import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import pg from "pg";
import { Kysely, PostgresDialect, sql, CamelCasePlugin } from "kysely";
var t0 = Date.now();
var pgl = await PGlite.create();
console.log("open", Date.now() - t0);
var db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool(createPgConfig(pgl)) }), plugins: [new CamelCasePlugin()] });
await sql`create table a_b (id serial primary key, some_qty numeric(18,3) not null check (some_qty >= 0))`.execute(db);
await db.insertInto("aB").values({ someQty: "1.5" }).execute();
try {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("aB").values({ someQty: "2" }).execute();
    throw new Error("x");
  });
} catch {
}
console.log(await db.selectFrom("aB").selectAll().execute());
var t1 = Date.now();
var dump = await pgl.dumpDataDir("none");
console.log("dump", Date.now() - t1, dump.size);
var t2 = Date.now();
var p2 = await PGlite.create({ loadDataDir: dump });
console.log("load", Date.now() - t2, (await p2.query("select count(*) from a_b")).rows);
await db.destroy();
await pgl.close();
