import type { TestProject } from 'vitest/node';
import { adminQuery, preparePgliteTemplate, preparePostgresTemplate } from './templates';

/** Prepares the database every test file copies: migrated, seeded, with demo data. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env.WHARF_TEST_DB === 'postgres') {
    const template = `wharf_tpl_${process.pid}`;
    await preparePostgresTemplate(template);
    project.provide('pgTemplate', template);
    return async () => {
      // Drop the template and every copy made from it in this run: a file's (`_c…`), a server process's (`_proc…`, left
      // behind by every run before this one matched them too), the multi-process test's (`_cmp…`).
      const client = await import('pg');
      const c = new client.default.Client({ connectionString: process.env.WHARF_TEST_DATABASE_URL });
      await c.connect();
      const { rows } = await c.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [
        `${template}_`,
      ]);
      await c.end();
      for (const row of rows) await adminQuery(`drop database if exists ${row.datname} with (force)`);
      await adminQuery(`drop database if exists ${template} with (force)`);
    };
  }
  await preparePgliteTemplate();
  project.provide('pgTemplate', '');
  return async () => {};
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
  }
}
