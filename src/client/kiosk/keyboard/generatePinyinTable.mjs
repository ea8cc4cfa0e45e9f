// Generates pinyinTable.json, the on-screen keyboard's pinyin dictionary: toneless pinyin → simplified characters,
// commonest first. Usage (Debian: `apt-get install unicode-data bzip2`):
//   node src/client/kiosk/keyboard/generatePinyinTable.mjs [/usr/share/unicode]
//
// Characters: GB 2312, level 1 (3,755 common characters) then level 2 (3,008, many of them surnames), enumerated with
// Node's TextDecoder('gbk') in their standard order. Readings and frequencies: the Unicode Han Database (Unihan, Debian
// package unicode-data, Unicode License v3): kHanyuPinlu (readings with their counts in 现代汉语频率词典), kTGHZ2013
// (the readings of 通用规范汉字表), kMandarin (the usual reading, for the rest), kFrequency (a coarse 1–5 rank).
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
const unicodeDir = process.argv[2] ?? '/usr/share/unicode';
const out = path.join(here, 'pinyinTable.json');

/** Common surnames and the province abbreviations of number plates: never behind rarer characters of their syllable. */
const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林高罗郑梁谢宋唐许韩邓冯曹彭曾肖田董潘袁蔡蒋余于杜叶程魏苏吕丁任卢姚沈钟姜崔' +
  '谭陆范汪廖石金韦贾夏付方邹熊白孟秦邱侯江尹薛闫段雷龙黎史陶贺毛郝顾龚邵万覃武钱戴严欧莫孔向常汤康易乔赖文施洪辛' +
  '柯庄翟葛牛单解查区仇朴盖缪乐华';
const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
/** The reading a polyphonic surname takes (its other readings are left as they are). */
const SURNAME_READING = {
  贾: 'jia',
  曾: 'zeng',
  单: 'shan',
  解: 'xie',
  查: 'zha',
  区: 'ou',
  仇: 'qiu',
  朴: 'piao',
  盖: 'ge',
  缪: 'miao',
  覃: 'qin',
  乐: 'yue',
  石: 'shi',
  万: 'wan',
  华: 'hua',
  任: 'ren',
  秦: 'qin',
};

function readUnihan(file) {
  const full = path.join(unicodeDir, file);
  if (!existsSync(full))
    throw new Error(`${full} not found: apt-get install unicode-data (or pass the folder of Unihan_*.txt.bz2)`);
  const text = execFileSync('bzcat', [full], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  /** @type {Map<string, Record<string, string>>} */
  const byChar = new Map();
  for (const line of text.split('\n')) {
    if (!line.startsWith('U+')) continue;
    const [code, field, value] = line.split('\t');
    const char = String.fromCodePoint(Number.parseInt(code.slice(2), 16));
    const fields = byChar.get(char) ?? {};
    fields[field] = value;
    byChar.set(char, fields);
  }
  return byChar;
}

/** Toneless, ü as v (as pinyin keyboards type it): "lǜ" → "lv", "zhāng" → "zhang". */
function toneless(reading) {
  return reading
    .normalize('NFD')
    .replace(/u\u0308/g, 'v')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}

function gb2312() {
  const decoder = new TextDecoder('gbk', { fatal: true });
  const chars = [];
  for (let hi = 0xb0; hi <= 0xf7; hi++) {
    for (let lo = 0xa1; lo <= 0xfe; lo++) {
      if (hi === 0xd7 && lo > 0xf9) continue; // the end of level 1 is empty
      chars.push({ char: decoder.decode(new Uint8Array([hi, lo])), level: hi <= 0xd7 ? 1 : 2 });
    }
  }
  return chars;
}

const readings = readUnihan('Unihan_Readings.txt.bz2');
const dictionaryLike = readUnihan('Unihan_DictionaryLikeData.txt.bz2');

/** @type {Map<string, {char: string, count: number, rank: number, level: number, order: number}[]>} */
const bySyllable = new Map();
const chars = gb2312();
chars.forEach(({ char, level }, order) => {
  const fields = readings.get(char) ?? {};
  /** @type {Map<string, number>} syllable → count in the frequency dictionary (0: not counted) */
  const counts = new Map();
  for (const item of (fields.kHanyuPinlu ?? '').split(' ').filter(Boolean)) {
    const match = /^(.+)\((\d+)\)$/.exec(item);
    if (!match) throw new Error(`kHanyuPinlu of ${char}: ${item}`);
    const syllable = toneless(match[1]);
    counts.set(syllable, (counts.get(syllable) ?? 0) + Number(match[2]));
  }
  for (const item of (fields.kTGHZ2013 ?? '').split(' ').filter(Boolean)) {
    for (const reading of item.split(':')[1].split(',')) {
      const syllable = toneless(reading);
      if (!counts.has(syllable)) counts.set(syllable, 0);
    }
  }
  if (counts.size === 0 && fields.kMandarin) counts.set(toneless(fields.kMandarin.split(' ')[0]), 0);
  if (counts.size === 0) return; // no reading known: not offered
  const rank = Number(dictionaryLike.get(char)?.kFrequency ?? 6);
  for (const [syllable, count] of counts) {
    if (!/^[a-z]+$/.test(syllable)) continue;
    const list = bySyllable.get(syllable) ?? [];
    list.push({ char, count, rank, level, order });
    bySyllable.set(syllable, list);
  }
});

// Surnames and provinces: ahead of all but the two commonest other characters of their syllable.
const boosted = new Map();
for (const char of SURNAMES + PROVINCES) boosted.set(char, SURNAME_READING[char] ?? null);
for (const [syllable, list] of bySyllable) {
  const counts = list
    .filter((entry) => !boosted.has(entry.char))
    .map((entry) => entry.count)
    .sort((a, b) => b - a);
  const floor = (counts[2] ?? 0) + 1;
  for (const entry of list) {
    if (!boosted.has(entry.char)) continue;
    const reading = boosted.get(entry.char);
    const main = reading ?? mainSyllable(entry.char);
    if (main === syllable) entry.count = Math.max(entry.count, floor);
  }
}

function mainSyllable(char) {
  let best = null;
  for (const [syllable, list] of bySyllable) {
    const entry = list.find((e) => e.char === char);
    if (entry && (best === null || entry.count > best.count)) best = { syllable, count: entry.count };
  }
  return best?.syllable ?? null;
}

const byFrequency = (a, b) => b.count - a.count || a.rank - b.rank || a.level - b.level || a.order - b.order;
// Syllables by how often they are typed (their counts added up), so a partial pinyin offers the commonest first.
const syllables = [...bySyllable.entries()]
  .map(([syllable, list]) => ({ syllable, list: list.sort(byFrequency), total: list.reduce((sum, e) => sum + e.count, 0) }))
  .sort((a, b) => b.total - a.total || a.syllable.localeCompare(b.syllable));

// Written as Biome formats JSON (the repository's lint checks it).
const body = syllables.map(
  ({ syllable, list }) => `  ${JSON.stringify(syllable)}: ${JSON.stringify(list.map((e) => e.char).join(''))}`,
);
writeFileSync(out, `{\n${body.join(',\n')}\n}\n`);
const entries = syllables.reduce((sum, s) => sum + s.list.length, 0);
console.log(`${out}: ${syllables.length} syllables, ${entries} entries, ${new Set(chars.map((c) => c.char)).size} characters`);
