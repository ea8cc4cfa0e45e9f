import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import type { Notice } from '../../../shared/wire.shell';

describe('notice panel', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login();
  });
  afterAll(async () => t?.close());

  it('lists the two seeded notices, newest first, in the language of the request', async () => {
    const en = await t.get<Notice[]>('/api/notice/findList', token);
    expect(en.body.code).toBe(200);
    expect(en.body.data.map((n) => n.title)).toEqual(
      expect.arrayContaining(['Welcome to the Wharf warehouse management system', 'Back up your data regularly']),
    );
    const zh = await t.app.inject({ method: 'GET', url: '/api/notice/findList', headers: { token, lang: 'zh_cn' } });
    const titles = (zh.json().data as Notice[]).map((n) => n.title);
    expect(titles).toEqual(expect.arrayContaining(['欢迎使用 Wharf 仓储管理系统', '请定期备份数据']));
  });

  it('hides withdrawn notices and notices not yet published', async () => {
    const db = t.connection.db;
    await db
      .insertInto('sysNotice')
      .values([
        { title: '已撤回', titleEn: 'Withdrawn', content: '-', contentEn: '-', status: 0 },
        {
          title: '明天',
          titleEn: 'Tomorrow',
          content: '-',
          contentEn: '-',
          publishTime: new Date(t.clock.now.getTime() + 86_400_000),
        },
        {
          title: '新通知',
          titleEn: 'Fresh news',
          content: '内容',
          contentEn: 'Body',
          level: 'warning',
          publishTime: t.clock.now,
        },
      ])
      .execute();
    const list = (await t.get<Notice[]>('/api/notice/findList', token)).body.data;
    const titles = list.map((n) => n.title);
    expect(titles[0]).toBe('Fresh news');
    expect(list[0]).toMatchObject({ content: 'Body', level: 'warning' });
    expect(titles).not.toContain('Withdrawn');
    expect(titles).not.toContain('Tomorrow');
  });

  it('is for signed-in users only', async () => {
    expect((await t.get('/api/notice/findList')).status).toBe(401);
  });
});

describe('reporting frame settings', () => {
  it('gives the report address to users allowed to see reports, and lets the console frame only that origin', async () => {
    const t = await createTestApp({ reportUrl: 'https://reports.example.com/wharf/run' });
    try {
      const admin = await t.login();
      const res = await t.get<{ url: string | null }>('/api/report/config', admin);
      expect(res.body.data.url).toBe('https://reports.example.com/wharf/run');
      const csp = String(res.raw.headers['content-security-policy']);
      expect(csp).toContain("frame-src 'self' blob: https://reports.example.com;");
      expect(csp).toContain("form-action 'self' https://reports.example.com");

      await createUser(t, 'noreports', { permissions: ['sys:tWhse:view'], warehouses: ['WH01'] });
      expect((await t.get('/api/report/config', await t.login('noreports', 'Secret#123'))).status).toBe(403);
    } finally {
      await t.close();
    }
  });

  it('frames nothing but our own origin (and the documents it generates) when no report server is configured', async () => {
    const t = await createTestApp();
    try {
      const res = await t.get<{ url: string | null }>('/api/report/config', await t.login());
      expect(res.body.data.url).toBeNull();
      expect(String(res.raw.headers['content-security-policy'])).toContain("frame-src 'self' blob:;");
    } finally {
      await t.close();
    }
  });
});
