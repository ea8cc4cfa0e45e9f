// `npm run docs:refs`: rewrites references to documents and files that moved, so that every one names what is in
// the repository (tools/checkRepo.mjs checks it). Re-runnable: each rule only matches the old form, so a second run
// changes nothing; run it after merging a branch written before the move, then `npm run check:repo`.
//
// - the documents once kept outside the repository: DESIGN.md, FLOWS.md, STYLE.md, STACK-NOTES.md, TESTING.md (with
//   any `../shared/`-style prefix) and `DESIGN §8` → docs/design.md, docs/flows.md … (`docs/design.md §8`);
// - a spec section without its document (`spec §3`) → `spec 001 §3` (spec 000 when the file cites only spec 000);
// - sections that moved between our documents (SECTION_MOVES) and files that moved (FILE_MOVES), in comments, Markdown
//   and relative import paths.
//
// `node tools/docRefs.mjs --dry` lists what would change without writing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dry = process.argv.includes('--dry');

/** Documents once cited from outside the repository → their place in docs/. */
const DOCUMENTS = {
  'DESIGN.md': 'docs/design.md',
  'FLOWS.md': 'docs/flows.md',
  'STYLE.md': 'docs/style.md',
  'STACK-NOTES.md': 'docs/stack-notes.md',
  'TESTING.md': 'docs/testing.md',
};
/** Named sections that moved to another document: `docs/flows.md "Stock buckets"` → `docs/data.md "Stock buckets"`. */
const SECTION_MOVES = [
  { from: 'docs/flows.md', to: 'docs/data.md', titles: ['Stock buckets', 'Where stock travels', 'Transaction types'] },
];
/** Files that moved (issue 30 item 6: the demo data above the modules), without extension. */
const FILE_MOVES = Object.fromEntries(
  [
    'demoImports',
    'demoInbound',
    'demoKiosk',
    'demoMasterdata',
    'demoOutboundOrders',
    'demoOutboundPicking',
    'demoOutboundWaves',
    'demoPickedWave',
    'demoRf',
    'demoShipping',
    'demoStock',
  ].map((name) => [`src/server/db/seed/${name}`, `src/server/demo/${name}`]),
);

const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function rewrite(file, text) {
  let out = text;
  // 1. Outside documents.
  out = out.replace(/\bDESIGN §\s?/g, 'docs/design.md §');
  for (const [old, now] of Object.entries(DOCUMENTS)) {
    out = out.replace(new RegExp(`(?<![\\w/-])(?:(?:\\.\\./)+|\\./)?(?:shared/)?${literal(old)}`, 'g'), now);
  }
  // 2. A spec section without its document.
  // Spec 000's sections have no numbered subsections, so §2.4 is spec 001's; otherwise the file's other citations
  // decide (spec 000 when it cites only that one), else spec 001, which the most comments cite.
  const only000 = /\bspec 000\b/i.test(out) && !/\bspec 001\b/i.test(out);
  out = out.replace(
    /(?<![\w/])(?<!PNG |GS1 [\w ]*)([Ss]pec) §(\s?\d+(\.\d+)?)/g,
    (_whole, word, section, sub) => `${word} ${only000 && !sub ? '000' : '001'} §${section}`,
  );
  // 3. Sections that moved.
  for (const move of SECTION_MOVES) {
    for (const title of move.titles) {
      out = out.replaceAll(`${move.from} "${title}"`, `${move.to} "${title}"`);
      out = out.replaceAll(`${move.from}'s "${title}"`, `${move.to}'s "${title}"`);
    }
  }
  // 4. Files that moved: named from the root, and imported by a relative path.
  for (const [old, now] of Object.entries(FILE_MOVES)) out = out.replace(new RegExp(`${literal(old)}\\b`, 'g'), now);
  if (/\.(ts|tsx|mjs)$/.test(file)) {
    out = out.replace(/(from\s+|import\()'(\.{1,2}\/[^']+)'/g, (whole, lead, spec) => {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      const moved = FILE_MOVES[target];
      if (!moved) return whole;
      let relative = path.posix.relative(path.posix.dirname(file), moved);
      if (!relative.startsWith('.')) relative = `./${relative}`;
      return `${lead}'${relative}'`;
    });
    // seedDemo left the base seed for src/server/demo/demo.ts.
    out = out.replace(
      /import \{ seedBase, seedDemo \} from '((?:\.\.?\/)+(?:src\/server\/)?)db\/seed\/seed';/g,
      (_whole, up) => `import { seedDemo } from '${up}demo/demo';\nimport { seedBase } from '${up}db/seed/seed';`,
    );
  }
  return out;
}

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT }).toString().split('\0').filter(Boolean);
let changed = 0;
for (const file of tracked) {
  if (!/\.(ts|tsx|mjs|js|md|css|html)$/.test(file) || file.startsWith('docs/spec/') || file.startsWith('tools/')) continue;
  const full = path.join(ROOT, file);
  if (!fs.existsSync(full)) continue;
  const text = fs.readFileSync(full, 'utf8');
  const out = rewrite(file, text);
  if (out === text) continue;
  changed++;
  const lines = text.split('\n');
  const now = out.split('\n');
  const diff = now.filter((line, i) => line !== lines[i]).length;
  console.log(`${dry ? 'would rewrite' : 'rewrote'} ${file} (${diff} line${diff === 1 ? '' : 's'})`);
  if (!dry) fs.writeFileSync(full, out);
}
console.log(`docs:refs: ${changed} file(s) ${dry ? 'to rewrite' : 'rewritten'}`);
