import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { permission } from '../../../shared/permissions';
import { boolean, closed, constantAnswer, integer, isoTime, list, string, text } from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { envelope } from '../../platform/openapi';
import { createBackup, deleteBackup, listBackups, restoreBackup } from './backup.service';

const NameQuery = Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }) });
const TitleQuery = Type.Object({ title: Type.Optional(Type.String({ maxLength: 100 })) });

/** A backup file (shared/wire.shell.ts BackupRecord): size in bytes, rows over all tables. */
const backupRecord = closed({
  name: string,
  title: string,
  time: isoTime,
  size: integer,
  scheduled: boolean,
  schemaVersion: text,
  rows: integer,
  damaged: boolean,
});
const RestoreAnswer = envelope(closed({ name: string, tables: integer, rows: integer }));

/** The backup service of spec 000 §7: GET calls, reachable only with `sys:backup:*`. */
export function registerBackupRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/backup/findRecords',
    { schema: { response: { 200: envelope(list(backupRecord)) } }, config: { permission: permission('backup', 'view') } },
    async () => ok(await listBackups(ctx.config)),
  );
  app.get(
    '/backup/backup',
    {
      schema: { querystring: TitleQuery, response: { 200: envelope(backupRecord) } },
      config: { permission: permission('backup', 'add') },
    },
    async (request) => {
      const { title } = request.query as { title?: string };
      return ok(await createBackup(ctx.db, ctx.config, ctx.now(), { title }));
    },
  );
  app.get(
    '/backup/restore',
    {
      schema: { querystring: NameQuery, response: { 200: RestoreAnswer } },
      config: { permission: permission('backup', 'edit') },
    },
    async (request) => ok(await restoreBackup(ctx.db, ctx.config, (request.query as { name: string }).name)),
  );
  app.get(
    '/backup/delete',
    {
      schema: { querystring: NameQuery, response: { 200: constantAnswer(1) } },
      config: { permission: permission('backup', 'delete') },
    },
    async (request) => {
      await deleteBackup(ctx.config, (request.query as { name: string }).name);
      return ok(1);
    },
  );
}
