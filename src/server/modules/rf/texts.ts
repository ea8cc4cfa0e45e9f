/**
 * The RF dialog's texts (README "Texts"): a process resource (title, header, prompt, option) or an input default is an
 * ICU message whose arguments are the flow's values — `{poNumber}` as before, and `{inqRows, plural, one {# row} other
 * {# rows}}` or `{inqBy, select, locationId {Location} …}` — formatted in the dialog's language each time the dialog is
 * shown. So a header is always rendered from the values (codes, numbers), never from a string cached in another
 * language (issue 25 item 18). A text that is not a valid message (an odd brace typed on the configuration screen) is
 * filled the old way, `{name}` by name, so configuration never breaks a dialog.
 */
import { createFormatters } from '@formatjs/intl';
import type { LanguageCode } from '../../../shared/wire';
import type { RfValues } from './actions/types';

const LOCALES: Record<LanguageCode, string> = { zh_cn: 'zh-CN', en_us: 'en' };
const formatters = createFormatters();

/** The parts of a parsed message this module reads (intl-messageformat's AST: 1 argument … 5 select, 6 plural). */
interface Element {
  type: number;
  value?: unknown;
  options?: Record<string, { value: Element[] }>;
}
const ARGUMENT_TYPES: ReadonlySet<number> = new Set([1, 2, 3, 4, 5, 6]);

/** A text ready to format: its argument names, or null when it is no valid message. */
interface Compiled {
  names: string[];
  format: (values: Record<string, string>) => string;
}

function argumentNames(elements: readonly Element[], into: Set<string>): Set<string> {
  for (const element of elements) {
    if (ARGUMENT_TYPES.has(element.type) && typeof element.value === 'string') into.add(element.value);
    for (const option of Object.values(element.options ?? {})) argumentNames(option.value, into);
  }
  return into;
}

// Configuration texts are few: a bounded cache, emptied when full.
const cache = new Map<string, Compiled | null>();
const CACHE_MAX = 5000;

function compile(template: string, lang: LanguageCode): Compiled | null {
  const key = `${lang}\u0000${template}`;
  if (cache.has(key)) return cache.get(key) ?? null;
  let compiled: Compiled | null = null;
  try {
    // Tags are text here (`Scan <pallet>`), never markup.
    const message = formatters.getMessageFormat(template, LOCALES[lang], undefined, { ignoreTag: true });
    const names = [...argumentNames(message.getAst() as Element[], new Set())];
    compiled = { names, format: (values) => String(message.format(values)) };
  } catch {
    compiled = null;
  }
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(key, compiled);
  return compiled;
}

/** `{name}` by name (unknown ones empty): texts that are no valid message. */
const simpleNames = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
const simpleFill = (template: string, values: Readonly<RfValues>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => (Object.hasOwn(values, name) ? (values[name] ?? '') : ''));

/** The text with the values filled in, in the language (unknown values: empty). */
export function fill(template: string, values: Readonly<RfValues>, lang: LanguageCode): string {
  return render(template, values, lang).text;
}

function render(template: string, values: Readonly<RfValues>, lang: LanguageCode): { text: string; names: string[] } {
  const compiled = compile(template, lang);
  if (!compiled) return { text: simpleFill(template, values), names: simpleNames(template) };
  const given: Record<string, string> = {};
  for (const name of compiled.names) given[name] = Object.hasOwn(values, name) ? (values[name] ?? '') : '';
  try {
    return { text: compiled.format(given), names: compiled.names };
  } catch {
    return { text: simpleFill(template, values), names: simpleNames(template) };
  }
}

/** Where a header splits into parts: ` · ` outside any argument's braces. */
const SEPARATOR = ' · ';
function parts(template: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < template.length; i += 1) {
    const c = template[i];
    if (c === '{') depth += 1;
    else if (c === '}') depth = Math.max(0, depth - 1);
    else if (depth === 0 && template.startsWith(SEPARATOR, i)) {
      out.push(template.slice(start, i));
      start = i + SEPARATOR.length;
      i += SEPARATOR.length - 1;
    }
  }
  out.push(template.slice(start));
  return out;
}

/**
 * A header line: each part (between ` · `) whose values all came out empty is left out with its label — `Lot {lotNumber}
 * · pallet {huId}` without a lot reads `pallet P1`, never `Lot  · pallet P1` —, and so is a header left with nothing.
 */
export function header(template: string, values: Readonly<RfValues>, lang: LanguageCode): string {
  const all = render(template, values, lang).names;
  if (all.length > 0 && all.every((n) => !values[n])) return '';
  const kept = parts(template)
    .map((part) => {
      const { text, names } = render(part, values, lang);
      return names.length > 0 && names.every((n) => !values[n]) ? '' : text.trim();
    })
    .filter((text) => text !== '');
  return kept.join(SEPARATOR);
}
