/**
 * Localization: react-intl over the flat key files in `locales/`. The build splits each language in two
 * (build.mjs): the messages the login screen needs, and the rest. Chinese login messages are bundled (the default
 * language, on the login route); everything else is a lazy chunk, loaded in the background while the login screen
 * shows. The workspace renders only once its language is complete (`AllMessages`).
 */

import zhCnBoot from 'virtual:messages/zh_cn/boot';
import type SlSelectElement from '@shoelace-style/shoelace/dist/components/select/select.component.js';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { createIntl, createIntlCache, IntlProvider, type IntlShape, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import type { LanguageCode } from '../../shared/wire';
import { session } from './session';
import { formatDateTime } from './tableState';

type Messages = Record<string, string>;
/** Message values; a string that is a locale key is translated, a list of keys is joined with ` + `. */
type Values = Record<string, string | number | readonly string[]>;

const INTL_LOCALE: Record<LanguageCode, string> = { zh_cn: 'zh-CN', en_us: 'en' };

/** The two halves of each language's messages, as lazy chunks (Chinese login messages are already here). */
const CHUNKS: Record<LanguageCode, Record<'boot' | 'rest', () => Promise<{ default: Messages }>>> = {
  zh_cn: {
    boot: async () => ({ default: zhCnBoot }),
    rest: () => import('virtual:messages/zh_cn/rest'),
  },
  en_us: {
    boot: () => import('virtual:messages/en_us/boot'),
    rest: () => import('virtual:messages/en_us/rest'),
  },
};

interface Loaded {
  messages: Messages;
  complete: boolean;
}
const loaded: Partial<Record<LanguageCode, Loaded>> = { zh_cn: { messages: zhCnBoot, complete: false } };
const pending: Partial<Record<string, Promise<Loaded>>> = {};
const cache = createIntlCache();

/** Loads a language's login messages (`complete` false) or all of them, once each. */
function loadMessages(language: LanguageCode, complete: boolean): Promise<Loaded> {
  const ready = loaded[language];
  if (ready && (ready.complete || !complete)) return Promise.resolve(ready);
  const key = `${language}:${complete}`;
  pending[key] ??= (async () => {
    const [boot, rest] = await Promise.all([CHUNKS[language].boot(), complete ? CHUNKS[language].rest() : null]);
    const result = { messages: { ...boot.default, ...rest?.default }, complete };
    if (!loaded[language]?.complete) loaded[language] = result;
    return loaded[language] ?? result;
  })();
  return pending[key];
}

function onIntlError(): void {
  // Missing keys fall back to the key itself (see format); react-intl's console noise helps nobody here.
}

let currentIntl: IntlShape = createIntl({ locale: INTL_LOCALE.zh_cn, messages: zhCnBoot, onError: onIntlError }, cache);

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

/**
 * All messages of a language, whichever is shown (e.g. to recognise a spreadsheet's column labels written in the other
 * language). Loaded once, as the language switch loads them. The build precompiles them (ICU syntax trees), so a
 * value is text only in the tests' unbuilt files: read it with `messageText`.
 */
export async function languageMessages(language: LanguageCode): Promise<Readonly<Record<string, unknown>>> {
  return (await loadMessages(language, true)).messages;
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

/** Whether the current language's messages are all loaded (false while only the login messages are). */
const CompleteContext = createContext(false);

/**
 * Provides messages for the language in the session store: the login messages first, then the rest in the
 * background. Nothing renders until the login messages are there, so an English user never sees a flash of Chinese.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const { language } = useSnapshot(session);
  const [active, setActive] = useState<({ language: LanguageCode } & Loaded) | null>(() => {
    const ready = loaded[session.language];
    return ready ? { language: session.language, ...ready } : null;
  });

  const completeShown = active?.complete ?? false;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of language loads messages
  useEffect(() => {
    let cancelled = false;
    const show = (result: Loaded) => {
      if (cancelled) return;
      currentIntl = createIntl({ locale: INTL_LOCALE[language], messages: result.messages, onError: onIntlError }, cache);
      document.documentElement.lang = language === 'zh_cn' ? 'zh-CN' : 'en';
      setActive((previous) =>
        previous?.language === language && previous.complete && !result.complete ? previous : { language, ...result },
      );
    };
    // A switch of language while working keeps the old language on screen until the new one is complete, so the
    // workspace never unmounts; the first load shows the login messages first.
    if (completeShown) loadMessages(language, true).then(show);
    else
      loadMessages(language, false)
        .then(show)
        .then(() => loadMessages(language, true))
        .then(show);
    return () => {
      cancelled = true;
    };
  }, [language]);

  // Shoelace's select draws its chosen option's label when the options change, and a new language rewrites an option's
  // text in place (React sets the text node: no slot change the select would notice), so an open screen's select kept
  // its label in the old language. After each switch, every select on the page reads its options again.
  useEffect(() => {
    if (!active || !customElements.get('sl-select')) return;
    for (const select of document.querySelectorAll<SlSelectElement>('sl-select')) select.handleDefaultSlotChange();
  }, [active]);

  if (!active) return null;
  return (
    <IntlProvider locale={INTL_LOCALE[active.language]} messages={active.messages} onError={onIntlError}>
      <CompleteContext.Provider value={active.complete}>{children}</CompleteContext.Provider>
    </IntlProvider>
  );
}

/** Renders its children once every message of the current language is loaded (the workspace needs them all). */
export function AllMessages({ children }: { children: ReactNode }) {
  return useContext(CompleteContext) ? children : null;
}

/**
 * Formats an ISO time as `yyyy-MM-dd HH:mm:ss` in the user's time zone: the one date-time format of the console in every
 * language and on every screen (spec 001 §9; README "Dates") — the backup list and the import group picker as the lists.
 */
export function useDateTime(): (iso: string) => string {
  return useCallback((iso: string) => formatDateTime(iso), []);
}
