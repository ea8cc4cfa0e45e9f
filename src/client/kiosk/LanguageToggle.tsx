import { useSnapshot } from 'valtio';
import type { LanguageCode } from '../../shared/wire';
import { session, setLanguage } from '../kit/session';

// Each language names itself, so a worker who cannot read the current one finds theirs.
const OTHER: Record<LanguageCode, { code: LanguageCode; name: string }> = {
  zh_cn: { code: 'en_us', name: 'English' },
  en_us: { code: 'zh_cn', name: '中文' },
};

/** One big button to the other language, always in the kiosk's top bar. */
export function LanguageToggle() {
  const { language } = useSnapshot(session);
  const other = OTHER[language];
  return (
    <button
      type="button"
      className="kiosk-button kiosk-language"
      data-testid="kiosk-language"
      onClick={() => setLanguage(other.code)}
    >
      {other.name}
    </button>
  );
}
