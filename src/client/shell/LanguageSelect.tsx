import type SlMenuItemElement from '@shoelace-style/shoelace/dist/components/menu-item/menu-item.component.js';
import { useSnapshot } from 'valtio';
import { isLanguage, type LanguageCode } from '../../shared/wire';
import { useT } from '../kit/i18n';
import { session, setLanguage } from '../kit/session';
import { SlButton, SlDropdown, SlIcon, SlMenu, SlMenuItem } from '../kit/slLogin';

// Language names are written in their own language so a user who cannot read the current one finds theirs.
const LANGUAGE_NAMES: Record<LanguageCode, string> = { zh_cn: '中文', en_us: 'English' };

/**
 * The language selector of the login screen and the header; `onChosen` hears a language the user picked (even the one
 * shown: picked, it is a choice), not one the console set itself (the profile's after signing in).
 */
export function LanguageSelect({
  variant = 'text',
  onChosen,
}: {
  variant?: 'text' | 'default';
  onChosen?: (language: LanguageCode) => void;
}) {
  const t = useT();
  const { language } = useSnapshot(session);
  return (
    <SlDropdown className="language-select" placement="bottom-end" hoist>
      <SlButton slot="trigger" size="small" variant={variant} caret title={t('shell.language')}>
        <SlIcon slot="prefix" name="translate" />
        <span className="language-name">{LANGUAGE_NAMES[language]}</span>
      </SlButton>
      <SlMenu
        onSlSelect={(event) => {
          const value = (event.detail.item as SlMenuItemElement).value;
          if (!isLanguage(value)) return;
          onChosen?.(value);
          setLanguage(value);
        }}
      >
        {(Object.keys(LANGUAGE_NAMES) as LanguageCode[]).map((code) => (
          <SlMenuItem key={code} value={code} type="checkbox" checked={code === language}>
            {LANGUAGE_NAMES[code]}
          </SlMenuItem>
        ))}
      </SlMenu>
    </SlDropdown>
  );
}
