/**
 * Localization: react-intl over the flat key files in `locales/`. Chinese is bundled (the default language,
 * needed on the login route); English is a lazy chunk loaded when chosen.
 */

import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { createIntl, createIntlCache, IntlProvider, type IntlShape, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import zhCn from '../../../locales/zh_cn.json';
import type { LanguageCode } from '../../shared/wire';
import { session } from './session';

type Messages = Record<string, string>;
/** Message values; a string that is a locale key is translated, a list of keys is joined with ` + `. */
type Values = Record<string, string | number | readonly string[]>;

const INTL_LOCALE: Record<LanguageCode, string> = { zh_cn: 'zh-CN', en_us: 'en' };

const loaded: Partial<Record<LanguageCode, Messages>> = { zh_cn: zhCn };
const cache = createIntlCache();

async function loadMessages(language: LanguageCode): Promise<Messages> {
  const ready = loaded[language];
  if (ready) return ready;
  const messages: Messages = language === 'en_us' ? (await import('../../../locales/en_us.json')).default : zhCn;
  loaded[language] = messages;
  return messages;
}

function onIntlError(): void {
  // Missing keys fall back to the key itself (see format); react-intl's console noise helps nobody here.
}

let currentIntl: IntlShape = createIntl({ locale: INTL_LOCALE.zh_cn, messages: zhCn, onError: onIntlError }, cache);

function format(intl: IntlShape, id: string, values?: Values): string {
  if (!(id in intl.messages)) return id;
  // Field labels are passed as locale keys (`entity.tWhse.field.name`); translate such values first.
  const label = (v: string): string => (v in intl.messages ? format(intl, v) : v);
  const resolved: Record<string, string | number> | undefined = values
    ? Object.fromEntries(
        Object.entries(values).map(([k, v]) => [
          k,
          typeof v === 'number' ? v : typeof v === 'string' ? label(v) : v.map(label).join(' + '),
        ]),
      )
    : undefined;
  return intl.formatMessage({ id }, resolved);
}

/** Translates outside React (the api client's toasts). Unknown keys come back as the key itself. */
export function translate(id: string, values?: Values): string {
  return format(currentIntl, id, values);
}

/** The translate function of the current language, for components. */
export function useT(): (id: string, values?: Values) => string {
  const intl = useIntl();
  // Stable per language, so screens may list `t` in effect dependencies without re-running them every render.
  return useCallback((id: string, values?: Values) => format(intl, id, values), [intl]);
}

/** Provides messages for the language in the session store, loading English on demand. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const { language } = useSnapshot(session);
  // Until the first language is loaded nothing renders, so an English user never sees a flash of Chinese.
  const [active, setActive] = useState<{ language: LanguageCode; messages: Messages } | null>(() => {
    const messages = loaded[session.language];
    return messages ? { language: session.language, messages } : null;
  });

  useEffect(() => {
    let cancelled = false;
    loadMessages(language).then((messages) => {
      if (cancelled) return;
      currentIntl = createIntl({ locale: INTL_LOCALE[language], messages, onError: onIntlError }, cache);
      document.documentElement.lang = language === 'zh_cn' ? 'zh-CN' : 'en';
      setActive({ language, messages });
    });
    return () => {
      cancelled = true;
    };
  }, [language]);

  if (!active) return null;
  return (
    <IntlProvider locale={INTL_LOCALE[active.language]} messages={active.messages} onError={onIntlError}>
      {children}
    </IntlProvider>
  );
}

/** Formats an ISO time as date and time in the current language (e.g. 2024年3月1日 08:30 / Mar 1, 2024, 8:30 AM). */
export function useDateTime(): (iso: string) => string {
  const intl = useIntl();
  return useCallback(
    (iso: string) => {
      const time = new Date(iso);
      return Number.isNaN(time.getTime()) ? iso : intl.formatDate(time, { dateStyle: 'medium', timeStyle: 'short' });
    },
    [intl],
  );
}
