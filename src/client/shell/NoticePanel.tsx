import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Notice } from '../../shared/wire.shell';
import { apiGet } from '../kit/api';
import { useDateTime, useT } from '../kit/i18n';
import { session } from '../kit/session';
import { SlDropdown, SlIcon, SlIconButton } from '../kit/sl';

function readKey(user: string): string {
  return `wharf.noticesRead.${user}`;
}

function loadRead(user: string): number[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(readKey(user)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

/** The header's bell: the server's notices (GET /notice/findList), with the count of ones not yet opened. */
export function NoticePanel() {
  const t = useT();
  const dateTime = useDateTime();
  const { user, language } = useSnapshot(session);
  const [notices, setNotices] = useState<Notice[] | null>(null);
  const [read, setRead] = useState<number[]>(() => (user ? loadRead(user) : []));

  // Notices come in the request's language, so a language switch reloads them.
  useEffect(() => {
    if (!user || !language) return;
    let cancelled = false;
    apiGet<Notice[]>('/notice/findList', undefined, { silent: true })
      .then((answer) => {
        if (!cancelled && answer.code === 200) setNotices(answer.data ?? []);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [user, language]);

  const unread = (notices ?? []).filter((n) => !read.includes(n.id)).length;

  // Opening the panel counts as reading what it shows (remembered per user in this browser).
  const markRead = () => {
    if (!user || !notices || unread === 0) return;
    const ids = notices.map((n) => n.id);
    setRead(ids);
    try {
      localStorage.setItem(readKey(user), JSON.stringify(ids));
    } catch {
      // Not remembered; the count comes back next time.
    }
  };

  return (
    <SlDropdown className="notice-panel" placement="bottom-end" distance={6} hoist onSlShow={markRead}>
      <div slot="trigger" className="notice-trigger">
        <SlIconButton name="bell" label={t('notice.title')} data-testid="notice-bell" />
        {unread > 0 ? (
          <span className="notice-count" data-testid="notice-count">
            {unread}
          </span>
        ) : null}
      </div>
      <div className="notice-card" data-testid="notice-card">
        <div className="notice-card-title">
          <SlIcon name="megaphone" />
          {t('notice.title')}
        </div>
        {notices === null ? (
          <div className="notice-empty">{t('notice.loading')}</div>
        ) : notices.length === 0 ? (
          <div className="notice-empty">{t('notice.empty')}</div>
        ) : (
          <ul className="notice-list">
            {notices.map((n) => (
              <li key={n.id} className={`notice-item notice-${n.level}`}>
                <SlIcon name={n.level === 'warning' ? 'exclamation-triangle' : 'info-circle'} className="notice-icon" />
                <div>
                  <div className="notice-item-title">{n.title}</div>
                  <div className="notice-item-content">{n.content}</div>
                  <time className="notice-item-time" dateTime={n.publishTime}>
                    {dateTime(n.publishTime)}
                  </time>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </SlDropdown>
  );
}
