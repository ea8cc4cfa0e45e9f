// `npm run check:repo` (part of `npm run check`): the repository stands alone and its layers point down.
//
// 1. References. Every path a comment or a Markdown file names (docs/…, src/…, tests/…, bench/…, kiosk/…, locales/…,
//    static/…, tools/…, .ci/…) exists; every cited section exists: `docs/design.md §8`, `spec 001 §2.5` (`spec 000`,
//    `spec 001` are the two documents of docs/spec/), `docs/flows.md "Wave loading"`, `src/server/README.md "Layers"`,
//    `the inventory README "Expiry"`, a bare `README "Putaway"` (the README of the file's own folder or the nearest one
//    above). The files the repository once cited from outside it (DESIGN.md, FLOWS.md, STYLE.md, STACK-NOTES.md) and a
//    spec section without its document (`spec §3`) are refused. tools/docRefs.mjs rewrites the old forms.
// 2. Layers (src/server/README.md "Layers"): no import cycle between the modules' folders (src/server/modules/*),
//    counting type imports and leaving out test files (tests sit above everything), and db/ imports no module.
//
// Fast by design (one pass over the tracked text files, no parser): well under a second on this repository.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
/** Folders a path reference may start with. */
const TOP = ['docs', 'src', 'tests', 'bench', 'kiosk', 'locales', 'static', 'tools', '.ci'];
/** Made by a build or a run, never committed: a reference to them is not checked. */
const GENERATED = ['dist/', '.tmp/', 'data/', 'tests/artifacts', 'test-results', 'node_modules/'];
/** The two documents of the specification, by the number comments cite them with. */
export const SPECS = { '000': 'docs/spec/000_63a491afd8072f0b.txt', '001': 'docs/spec/001_f632c9b1ff280640.txt' };
/** Names of documents that are not in the repository (tools/docRefs.mjs rewrites them). */
const FOREIGN = /\b(DESIGN|FLOWS|STYLE|STACK-NOTES|TESTING)\.md\b|\bDESIGN §/g;

const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT })
  .toString()
  .split('\0')
  .filter((f) => f && fs.existsSync(path.join(ROOT, f)));
const files = new Set(tracked);
const dirs = new Set(
  tracked.flatMap((f) =>
    f
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);
const exists = (p) => files.has(p) || dirs.has(p.replace(/\/$/, ''));
const TEXT = /\.(ts|tsx|mjs|js|md|json|html|css|sh|txt)$|(^|\/)run$/;
const problems = [];
const report = (file, line, message) => problems.push(`${file}:${line}: ${message}`);

/** Headings of a Markdown or spec document: their text, and the section number each starts with ("8", "2.5"). */
const headingCache = new Map();
function headings(file) {
  if (!headingCache.has(file)) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    const list = [...text.matchAll(/^#{1,6}\s+(.+?)\s*$/gm)].map((m) => m[1].replace(/`/g, ''));
    // A README's paragraphs often open with a bold title (`**Commit.** …`, `- **Holds**: …`): those are sections too.
    const bold = [...text.matchAll(/^(?:[-*]\s+|\d+\.\s+|\|\s*)?\*\*(.+?)\*\*/gm)].map((m) =>
      m[1].replace(/`/g, '').replace(/[.:]$/, ''),
    );
    headingCache.set(file, {
      titles: [...list, ...bold].map((t) => t.toLowerCase()),
      numbers: new Set(list.map((t) => /^(\d+(?:\.\d+)*)[.\s]/.exec(t)?.[1]).filter(Boolean)),
    });
  }
  return headingCache.get(file);
}
const hasTitle = (file, title) => {
  const wanted = title.toLowerCase().replace(/`/g, '');
  return headings(file).titles.some((t) => t === wanted || (t.startsWith(wanted) && ' .:(,—'.includes(t[wanted.length])));
};

/**
 * A path reference as written → the file or folder, or null. From the root first; else, as a README or comment often
 * names a file by its module (`kiosk/pod.test.ts`), from the citing file's folder or one above it, or from the server's
 * modules or the console's folders. A file may be named without its extension, as an import names it.
 */
function resolveRef(file, ref) {
  const clean = ref.replace(/[.,;:)]+$/, '');
  const bases = ['', 'src/server/modules/', 'src/server/', 'src/client/', 'src/client/pages/'];
  for (let dir = path.dirname(file); dir !== '.'; dir = path.dirname(dir)) bases.push(`${dir}/`);
  for (const base of bases) {
    for (const candidate of [clean, `${clean}.ts`, `${clean}.tsx`, `${clean}.mjs`, `${clean}/index.ts`]) {
      if (exists(base + candidate)) return base + candidate;
    }
  }
  return null;
}
/** Top folders whose names are also words of routes and screens (`kiosk/delivery/handover`): only files are checked. */
const AMBIGUOUS = new Set(['kiosk', 'static', 'locales']);
/** The comment lines of a source file (line, block and doc comments), other lines blanked: code strings are not references. */
const commentsOnly = (text) =>
  text
    .split('\n')
    .map((line) => {
      const t = line.trimStart();
      if (t.startsWith('//') || t.startsWith('*') || t.startsWith('/*')) return line;
      const at = line.indexOf(' // ');
      return at >= 0 ? ' '.repeat(at) + line.slice(at) : '';
    })
    .join('\n');

/** The README a bare `README "X"` means: the file's own folder's, else the nearest one above. */
function nearestReadme(file) {
  for (let dir = path.dirname(file); dir !== '.'; dir = path.dirname(dir)) {
    if (files.has(`${dir}/README.md`)) return `${dir}/README.md`;
  }
  return 'README.md';
}
/** `<name> README`: a module's (`inventory`), the server's, the kiosk's, the console kit's … */
function namedReadme(name) {
  const lower = name.toLowerCase();
  const candidates = [
    `src/server/modules/${lower}/README.md`,
    lower === 'server' ? 'src/server/README.md' : '',
    // Master data and inventory keep their notes in the server's README.
    dirs.has(`src/server/modules/${lower}`) ? 'src/server/README.md' : '',
    `src/client/${lower}/README.md`,
    `src/client/pages/${lower}/README.md`,
    `${lower}/README.md`,
    lower === 'project' || lower === 'top' || lower === 'main' ? 'README.md' : '',
  ];
  return candidates.find((c) => c && files.has(c)) ?? null;
}

function checkReferences(file, source) {
  const text = /\.(ts|tsx|mjs|js|css)$/.test(file) ? commentsOnly(source) : source;
  const lineOf = (index) => text.slice(0, index).split('\n').length;
  for (const m of text.matchAll(FOREIGN))
    report(file, lineOf(m.index), `${m[0]} is not in the repository (docs/README.md lists what is)`);

  // Paths: a top folder at the start of a token (after a space, quote, bracket or ../).
  const pathRef = new RegExp(
    `(?<![\\w@./-])(?:\\.\\.?/)*((?:${TOP.map((t) => t.replace('.', '\\.')).join('|')})/[\\w./@-]*)`,
    'g',
  );
  for (const m of text.matchAll(pathRef)) {
    const ref = m[1];
    const after = text[m.index + m[0].length] ?? '';
    if (/[*<{$…[]/.test(after) || ref.endsWith('/.') || GENERATED.some((g) => ref.startsWith(g) || ref.includes(`/${g}`)))
      continue;
    if (ref.split('/').length < 2 || (ref.endsWith('/') && ref.split('/').length === 2 && TOP.includes(ref.slice(0, -1))))
      continue;
    if (AMBIGUOUS.has(ref.split('/')[0]) && !/\.\w+$/.test(ref.replace(/[.,;:)]+$/, ''))) continue;
    if (!resolveRef(file, ref)) report(file, lineOf(m.index), `${ref} does not exist`);
  }

  // Sections of the specification: `spec 001 §2.5, §3 … §7` (later § of a list belong to the same document).
  for (const m of text.matchAll(/\b[Ss]pecs? (000|001)((?:[\s,;–-]*(?:and |or )?§\s?\d+(?:\.\d+)*(?:\s"[^"\n]*")*)+)/g)) {
    const spec = SPECS[m[1]];
    for (const s of m[2].matchAll(/§\s?(\d+(?:\.\d+)*)/g)) {
      if (!headings(spec).numbers.has(s[1])) report(file, lineOf(m.index), `spec ${m[1]} has no §${s[1]}`);
    }
  }
  for (const m of text.matchAll(/(?<![\w/])(?<!PNG |GS1 [\w ]*)[Ss]pec §\s?\d/g)) {
    report(file, lineOf(m.index), `"${m[0]}": say which document (spec 000 or spec 001)`);
  }

  // Numbered sections of our documents: `docs/design.md §8`.
  for (const m of text.matchAll(/\b((?:docs\/)?[\w-]+\.md) §\s?(\d+(?:\.\d+)*)/g)) {
    const doc = resolveDoc(file, m[1]);
    if (!doc) continue; // the path check above reports a missing file
    if (!headings(doc).numbers.has(m[2])) report(file, lineOf(m.index), `${doc} has no §${m[2]}`);
  }

  // Named sections: `docs/flows.md "Wave loading"`, `server README "Inventory"`, `README "Putaway"`, also
  // `the outbound README's "X"` and a list (`"A", "B"`).
  const named =
    /(?<![\w/.-])((?:docs|src)\/[\w/.-]+\.md|README\.md|(?:(\w+) (?:module )?)?README)(?:'s)? ((?:"[^"\n]{1,80}"(?:,? (?:and |or )?)?)+)/g;
  for (const m of text.matchAll(named)) {
    let doc;
    if (m[1].endsWith('.md')) doc = resolveDoc(file, m[1]);
    else if (m[2] && !/^(the|its|this|module|own|a|each|every|whose|that|which)$/i.test(m[2])) doc = namedReadme(m[2]);
    else doc = nearestReadme(file);
    if (!doc) {
      report(file, lineOf(m.index), `no README for "${m[2]}"`);
      continue;
    }
    for (const t of m[3].matchAll(/"([^"\n]+)"/g)) {
      if (!hasTitle(doc, t[1])) report(file, lineOf(m.index), `${doc} has no section "${t[1]}"`);
    }
  }
}

/** A Markdown path as cited: from the root, or (inside docs/) beside the citing file. */
function resolveDoc(file, cited) {
  if (cited === 'README.md' && !file.includes('/')) return 'README.md';
  for (const candidate of [cited, path.join(path.dirname(file), cited), `docs/${cited}`])
    if (files.has(candidate)) return candidate;
  return null;
}

// ---- layers ----
const MODULES = 'src/server/modules/';
function checkLayers(sources) {
  const edges = new Map();
  for (const [file, text] of sources) {
    if (!file.startsWith('src/server/') || /\.test\.tsx?$/.test(file)) continue;
    for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s*'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g)) {
      const target = path.normalize(path.join(path.dirname(file), m[1] ?? m[2]));
      if (file.startsWith('src/server/db/') && target.startsWith(MODULES.slice(0, -1))) {
        report(file, 1, `db/ imports a module (${target}): db sits below the modules`);
      }
      if (file.startsWith('src/server/db/') && target.startsWith('src/server/demo')) {
        report(file, 1, `db/ imports the demo data (${target}): the demo sits above the modules`);
      }
      if (!file.startsWith(MODULES) || !target.startsWith(MODULES)) continue;
      const from = file.slice(MODULES.length).split('/')[0];
      const to = target.slice(MODULES.length).split('/')[0];
      if (from === to) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, file);
    }
  }
  // Every cycle shows up as a back edge of a depth-first walk; each is reported once, with the files on its arrows.
  const state = new Map();
  const stack = [];
  const visit = (node) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of [...(edges.get(node)?.keys() ?? [])].sort()) {
      if (state.get(next) === 'open') {
        const cycle = [...stack.slice(stack.indexOf(next)), next];
        const arrows = cycle.slice(0, -1).map((a, i) => `${a} → ${cycle[i + 1]} (${edges.get(a).get(cycle[i + 1])})`);
        report(edges.get(node).get(next), 1, `import cycle between modules: ${arrows.join(', ')}`);
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...edges.keys()].sort()) if (!state.has(node)) visit(node);
}

const started = performance.now();
const sources = new Map();
for (const file of tracked) {
  if (!TEXT.test(file) || file.startsWith('docs/spec/') || file === 'package-lock.json' || file.startsWith('locales/')) continue;
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  sources.set(file, text);
  if (file !== 'tools/checkRepo.mjs' && file !== 'tools/docRefs.mjs') checkReferences(file, text);
}
checkLayers(sources);
const ms = Math.round(performance.now() - started);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(
    `\ncheck:repo: ${problems.length} problem(s) in ${ms} ms (references: tools/docRefs.mjs rewrites the known old forms)`,
  );
  process.exit(1);
}
console.log(`check:repo: ${sources.size} files, references and layers in order (${ms} ms)`);
