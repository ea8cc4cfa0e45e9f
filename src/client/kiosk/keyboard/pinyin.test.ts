import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compose, loadPinyinTable, type PinyinTable } from './pinyin';
import table from './pinyinTable.json';

const dictionary: PinyinTable = table;
/** What the candidate bar shows at once. */
const PAGE = 9;

function firstPage(letters: string): readonly string[] {
  return compose(dictionary, letters).candidates.slice(0, PAGE);
}

describe('pinyin lookup of the station keyboard', () => {
  it('offers common names and words among the first candidates', () => {
    expect(firstPage('zhang').slice(0, 3)).toContain('张');
    expect(firstPage('wei')).toContain('伟');
    expect(firstPage('hu')).toContain('沪');
    expect(firstPage('li').slice(0, 5)).toContain('李');
    expect(firstPage('wang')).toContain('王');
    expect(firstPage('chen').slice(0, 3)).toContain('陈');
    expect(firstPage('de')[0]).toBe('的');
    expect(firstPage('shi')[0]).toBe('是');
    expect(firstPage('lv')).toContain('吕');
    expect(firstPage('lv')).toContain('绿');
    expect(firstPage('zeng')).toContain('曾');
  });

  it('offers every plate province among the first candidates of its syllable', () => {
    const provinces: Record<string, string> = {
      京: 'jing',
      津: 'jin',
      沪: 'hu',
      渝: 'yu',
      冀: 'ji',
      豫: 'yu',
      云: 'yun',
      辽: 'liao',
      黑: 'hei',
      湘: 'xiang',
      皖: 'wan',
      鲁: 'lu',
      新: 'xin',
      苏: 'su',
      浙: 'zhe',
      赣: 'gan',
      鄂: 'e',
      桂: 'gui',
      甘: 'gan',
      晋: 'jin',
      蒙: 'meng',
      陕: 'shan',
      吉: 'ji',
      闽: 'min',
      贵: 'gui',
      粤: 'yue',
      青: 'qing',
      藏: 'zang',
      川: 'chuan',
      宁: 'ning',
      琼: 'qiong',
    };
    for (const [char, syllable] of Object.entries(provinces))
      expect(firstPage(syllable), `${syllable} → ${char}`).toContain(char);
  });

  it('offers the common surnames on the first page of their syllable', () => {
    const surnames =
      '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林高罗郑梁谢宋唐许韩邓冯曹彭曾肖田董潘袁蔡蒋余于杜叶程魏苏吕丁任卢姚沈钟姜崔' +
      '谭陆范汪廖石金韦贾夏付方邹熊白孟秦邱侯江尹薛闫段雷龙黎史陶贺毛郝顾龚邵万覃武钱戴严欧莫孔向常汤康易乔赖文施洪辛';
    const pages = Object.keys(dictionary).map(firstPage);
    const late = [...surnames].filter((char) => !pages.some((page) => page.includes(char)));
    expect(late).toEqual([]);
    expect(firstPage('jia')).toContain('贾');
  });

  it('holds every character of GB 2312 level 1 (the 3,755 commonest), and the level 2 surnames', () => {
    const all = new Set(Object.values(dictionary).flatMap((chars) => [...chars]));
    const decoder = new TextDecoder('gbk', { fatal: true });
    const missing: string[] = [];
    for (let hi = 0xb0; hi <= 0xd7; hi++) {
      for (let lo = 0xa1; lo <= (hi === 0xd7 ? 0xf9 : 0xfe); lo++) {
        const char = decoder.decode(new Uint8Array([hi, lo]));
        if (!all.has(char)) missing.push(char);
      }
    }
    expect(missing).toEqual([]);
    for (const surname of '邝芮濮靳禹') expect(all.has(surname), surname).toBe(true);
    // Toneless lower-case syllables only.
    expect(Object.keys(dictionary).filter((syllable) => !/^[a-z]{1,6}$/.test(syllable))).toEqual([]);
  });

  it('offers partial syllables and takes letters past a syllable one character at a time', () => {
    // "zh": the commonest characters of every syllable it begins.
    const zh = compose(dictionary, 'zh');
    expect(zh.reading).toBe('zh');
    expect(zh.candidates.slice(0, PAGE)).toEqual(expect.arrayContaining(['这']));
    // A whole syllable first, then those it begins ("xian" before "xiang").
    const xian = compose(dictionary, 'xian').candidates;
    expect(xian.indexOf('先')).toBeLessThan(xian.indexOf('想'));
    // "zhangwei": 张 for "zhang", the rest stays to be composed.
    const name = compose(dictionary, 'zhangwei');
    expect(name.reading).toBe('zhang');
    expect(name.candidates.slice(0, 3)).toContain('张');
    expect(compose(dictionary, 'zhangwei'.slice(name.reading.length)).candidates.slice(0, PAGE)).toContain('伟');
    // Nothing matches: nothing offered; a character is never offered twice.
    expect(compose(dictionary, 'iii')).toEqual({ reading: '', candidates: [] });
    expect(compose(dictionary, '')).toEqual({ reading: '', candidates: [] });
    const chang = compose(dictionary, 'ch').candidates;
    expect(new Set(chang).size).toBe(chang.length);
  });

  it('loads the table on demand, and it stays small', async () => {
    expect(await loadPinyinTable()).toEqual(dictionary);
    const bytes = readFileSync(new URL('./pinyinTable.json', import.meta.url));
    expect(gzipSync(bytes, { level: 9 }).length).toBeLessThan(60 * 1024);
  });
});
