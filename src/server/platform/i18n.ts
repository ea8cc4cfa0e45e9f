import en from '../../../locales/en_us.json';
import zh from '../../../locales/zh_cn.json';
import type { ErrorParams } from '../../shared/errors';
import { DEFAULT_LANGUAGE, isLanguage, type LanguageCode } from '../../shared/wire';

const MESSAGES: Record<LanguageCode, Record<string, string>> = { zh_cn: zh, en_us: en };

/** The message of a key; own keys only, so a value such as `constructor` or `toString` stays as written. */
function message(messages: Record<string, string>, key: string): string | undefined {
  return Object.hasOwn(messages, key) ? messages[key] : undefined;
}

/** Translates a locale key; `{name}` placeholders take the values, which are translated too when they are keys. */
export function translate(language: LanguageCode, key: string, values: ErrorParams = {}): string {
  const messages = MESSAGES[language];
  const template = message(messages, key) ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === undefined) return `{${name}}`;
    if (typeof value === 'number') return String(value);
    const parts = typeof value === 'string' ? [value] : value;
    return parts.map((part) => message(messages, part) ?? part).join(' + ');
  });
}

/** The request's language: the `lang` header the console sends, else the user's, else Chinese. */
export function pickLanguage(header: unknown, userLanguage?: string | null): LanguageCode {
  if (isLanguage(header)) return header;
  if (isLanguage(userLanguage)) return userLanguage;
  return DEFAULT_LANGUAGE;
}
