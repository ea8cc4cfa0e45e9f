import type SlColorPickerElement from '@shoelace-style/shoelace/dist/components/color-picker/color-picker.component.js';
import { Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { useT } from '../kit/i18n';
import { session } from '../kit/session';
import { SlColorPicker } from '../kit/slLogin';
import { setThemeColor } from '../kit/theme';

// Teal first (the house colour), then a few calm office colours.
const SWATCHES = ['#14889A', '#409EFF', '#1F6FEB', '#2E7D32', '#6A4C93', '#C2185B', '#D35400', '#37474F'];

/**
 * The theme colour picker of the login screen and the header. The picker (with its colour library) is a lazy chunk
 * that follows the login screen in the background; until it arrives a swatch of the current colour holds its place.
 */
export function ThemePicker() {
  const t = useT();
  const { themeColor } = useSnapshot(session);
  return (
    <Suspense fallback={<span className="theme-picker-placeholder" style={{ background: themeColor }} />}>
      <SlColorPicker
        className="theme-picker"
        size="small"
        value={themeColor}
        swatches={SWATCHES}
        noFormatToggle
        hoist
        label={t('shell.themeColor')}
        title={t('shell.themeColor')}
        onSlChange={(event) => setThemeColor((event.target as SlColorPickerElement).value)}
      />
    </Suspense>
  );
}
