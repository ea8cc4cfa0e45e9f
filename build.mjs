// Builds the server bundle and the console (code-split, hashed) and checks the login route's size budget.
// Usage: node build.mjs [--server-only]

import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { parse as parseIcu } from '@formatjs/icu-messageformat-parser';
import * as esbuild from 'esbuild';

const root = path.dirname(new URL(import.meta.url).pathname);
const dist = path.join(root, 'dist');
const publicDir = path.join(dist, 'public');
const assetsDir = path.join(publicDir, 'assets');
const serverOnly = process.argv.includes('--server-only');

/**
 * The login route loads at most 150 KB of gzipped JS (docs/design.md §8 says 170; issue 10 keeps 20 KB of it for what comes
 * later). What the login screen can work without — the rest of the messages, the colour picker — is lazy.
 */
const LOGIN_ROUTE_BUDGET = 150 * 1024;

/**
 * Messages the console needs before anyone has signed in (login screen, language and theme pickers, HTTP errors,
 * the error pages). They travel on the login route; the rest of a language loads in the background once the
 * login screen shows, and the workspace waits for it (kit/i18n.tsx).
 */
const BOOT_MESSAGE_PREFIXES = ['login.', 'http.', 'api.', 'errorPage.', 'error.login', 'shell.language', 'shell.themeColor'];
const isBootMessage = (key) => BOOT_MESSAGE_PREFIXES.some((prefix) => key.startsWith(prefix));

/**
 * Locale messages are compiled to ICU ASTs at build time, and the console bundles formatjs without its
 * message parser (~8 KB gzipped off the login route). A malformed message fails the build here instead of
 * failing on screen. The console imports `virtual:messages/<language>/<boot|rest>`: one half of a locale file.
 * Only the console build uses this: the server keeps plain strings.
 */
const precompiledMessages = {
  name: 'precompiled-messages',
  setup(build) {
    build.onResolve({ filter: /^@formatjs\/icu-messageformat-parser$/ }, (args) =>
      build.resolve('@formatjs/icu-messageformat-parser/no-parser.js', { kind: args.kind, resolveDir: args.resolveDir }),
    );
    build.onResolve({ filter: /^virtual:messages\/(zh_cn|en_us)\/(boot|rest)$/ }, (args) => ({
      path: args.path.slice('virtual:messages/'.length),
      namespace: 'messages',
    }));
    build.onLoad({ filter: /.*/, namespace: 'messages' }, (args) => {
      const [language, part] = args.path.split('/');
      const file = path.join(root, 'locales', `${language}.json`);
      const messages = JSON.parse(readFileSync(file, 'utf8'));
      const compiled = {};
      for (const [key, text] of Object.entries(messages)) {
        if (isBootMessage(key) !== (part === 'boot')) continue;
        try {
          compiled[key] = parseIcu(text);
        } catch (error) {
          return { errors: [{ text: `${language}.json message ${key}: ${error.message}` }] };
        }
      }
      return { contents: JSON.stringify(compiled), loader: 'json', watchFiles: [file] };
    });
  },
};

async function buildServer() {
  const entry = path.join(root, 'src/server/main.ts');
  if (!existsSync(entry)) {
    console.warn('warning: src/server/main.ts does not exist yet; server bundle skipped');
    return;
  }
  await esbuild.build({
    entryPoints: [entry],
    outfile: path.join(dist, 'server/main.js'),
    platform: 'node',
    format: 'esm',
    bundle: true,
    // Dependencies stay in node_modules: PGlite ships WASM and data files that must sit beside its code.
    packages: 'external',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
  console.log('server: dist/server/main.js');
}

async function buildConsole() {
  rmSync(publicDir, { recursive: true, force: true });
  mkdirSync(assetsDir, { recursive: true });

  const result = await esbuild.build({
    entryPoints: [path.join(root, 'src/client/main.tsx')],
    outdir: assetsDir,
    publicPath: '/assets',
    format: 'esm',
    bundle: true,
    splitting: true,
    minify: true,
    sourcemap: false,
    target: ['es2022', 'chrome111', 'firefox115', 'safari16'],
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'media/[name]-[hash]',
    metafile: true,
    jsx: 'automatic',
    loader: { '.json': 'json', '.woff2': 'file', '.woff': 'file', '.svg': 'file', '.png': 'file' },
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [precompiledMessages],
  });

  // Everything in static/ is served as is (favicon, pdf.js data …); index.html is rewritten below.
  cpSync(path.join(root, 'static'), publicDir, { recursive: true });
  // Shoelace icons from our own origin: kiosks are offline and the CSP allows no CDN.
  cpSync(path.join(root, 'node_modules/@shoelace-style/shoelace/dist/assets'), path.join(publicDir, 'shoelace/assets'), {
    recursive: true,
  });
  // pdf.js data for the signature tool (src/client/signature/pdfPages.ts), from our own origin too: the worker (esbuild
  // cannot bundle it), the CMaps (Chinese text in PDFs whose fonts are not embedded), the standard fonts, the ICC
  // profile, and the decoders of JPEG 2000 / JBIG2 images (WebAssembly with plain-JS fallbacks beside it).
  const pdfjs = path.join(root, 'node_modules/pdfjs-dist');
  const pdfjsOut = path.join(publicDir, 'pdfjs');
  for (const dir of ['cmaps', 'standard_fonts', 'wasm', 'iccs']) {
    cpSync(path.join(pdfjs, dir), path.join(pdfjsOut, dir), { recursive: true });
  }
  cpSync(path.join(pdfjs, 'build/pdf.worker.min.mjs'), path.join(pdfjsOut, 'pdf.worker.min.mjs'));

  const outputs = result.metafile.outputs;
  const rel = (file) => path.relative(root, path.resolve(root, file));
  const entryFile = Object.keys(outputs).find((file) => outputs[file].entryPoint?.endsWith('src/client/main.tsx'));
  if (!entryFile) throw new Error('entry output not found in the metafile');
  const entryCss = outputs[entryFile].cssBundle;
  const url = (file) => `/${path.relative(publicDir, path.resolve(root, file)).split(path.sep).join('/')}`;

  // An output plus every chunk it statically imports, transitively, added to `into`.
  const walk = (file, into) => {
    if (into.has(file)) return;
    into.add(file);
    for (const imp of outputs[file]?.imports ?? []) {
      if (imp.kind === 'import-statement' && !imp.external) walk(imp.path, into);
    }
  };
  // The login route = the entry plus every chunk it statically imports, transitively.
  const loginRoute = new Set();
  walk(entryFile, loginRoute);

  // index.html: hashed stylesheet, modulepreload hints for the static chunks, and the entry script.
  const tags = [];
  if (entryCss) tags.push(`<link rel="stylesheet" href="${url(entryCss)}" />`);
  // esbuild folds CSS reached through lazy imports into the entry's stylesheet too, and also writes it beside
  // each lazy chunk (where nothing loads it). Link a chunk's stylesheet only if it holds something the entry's lacks.
  const entryCssInputs = new Set(entryCss ? Object.keys(outputs[entryCss].inputs) : []);
  for (const file of Object.keys(outputs)) {
    if (!file.endsWith('.css') || file === entryCss) continue;
    if (Object.keys(outputs[file].inputs).some((input) => !entryCssInputs.has(input))) {
      tags.push(`<link rel="stylesheet" href="${url(file)}" />`);
    }
  }
  for (const file of loginRoute) {
    if (file !== entryFile) tags.push(`<link rel="modulepreload" href="${url(file)}" />`);
  }
  tags.push(`<script type="module" src="${url(entryFile)}"></script>`);
  const template = readFileSync(path.join(root, 'static/index.html'), 'utf8');
  if (!template.includes('</head>')) throw new Error('static/index.html has no </head>');
  const html = template.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
  writeFileSync(path.join(publicDir, 'index.html'), html);
  // The dock station's offline shell: the page's files, the kiosk's chunk and both languages' messages.
  const shell = new Set(loginRoute);
  for (const file of Object.keys(outputs)) {
    const from = outputs[file].entryPoint ?? '';
    if (from.endsWith('src/client/kiosk/KioskApp.tsx') || from.startsWith('messages:')) walk(file, shell);
    // The kiosk's own lazy chunks (the pinyin table of its keyboard): a name typed in 中 offline still finds its characters.
    const inputs = Object.keys(outputs[file].inputs);
    if (file.endsWith('.js') && inputs.length > 0 && inputs.every((input) => input.startsWith('src/client/kiosk/'))) {
      walk(file, shell);
    }
  }
  const pageFiles = [...html.matchAll(/(?:href|src)="(\/[^"]+)"/g)].map((m) => m[1]);
  await buildKioskWorker([...new Set([...pageFiles, ...[...shell].map(url)])]);
  precompress(publicDir);

  // Size report.
  const rows = Object.keys(outputs)
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => {
      const bytes = readFileSync(path.resolve(root, file));
      return { file: rel(file), raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, login: loginRoute.has(file) };
    })
    .sort((a, b) => b.gzip - a.gzip);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`.padStart(10);
  const loginTotal = rows.filter((r) => r.login && r.file.endsWith('.js')).reduce((sum, r) => sum + r.gzip, 0);
  const lines = [
    'Wharf console bundle (gzip level 9)',
    '',
    `${'raw'.padStart(10)} ${'gzip'.padStart(10)}  file  (* = on the login route)`,
    ...rows.map((r) => `${kb(r.raw)} ${kb(r.gzip)}  ${r.login ? '*' : ' '} ${r.file}`),
    '',
    `total JS gzip: ${kb(rows.filter((r) => r.file.endsWith('.js')).reduce((s, r) => s + r.gzip, 0)).trim()}`,
    `login route JS gzip: ${kb(loginTotal).trim()} (budget ${kb(LOGIN_ROUTE_BUDGET).trim()})`,
  ];
  const report = `${lines.join('\n')}\n`;
  writeFileSync(path.join(dist, 'size-report.txt'), report);
  writeFileSync(path.join(dist, 'meta.json'), JSON.stringify(result.metafile));
  console.log(report);
  if (loginTotal > LOGIN_ROUTE_BUDGET) {
    console.error(`error: the login route loads ${kb(loginTotal).trim()} of gzipped JS, over the budget`);
    process.exit(1);
  }
}

/**
 * The dock station's service worker (src/client/kiosk/offline/serviceWorker.ts) as `/kiosk-sw.js`, with what it keeps:
 * the given files of the console (paths under dist/public), the Shoelace icons the kiosk's screens name (every quoted
 * word of its sources that is an icon's name), and a hash of all their bytes, which names its cache — a new build, a
 * new cache, and a new worker script (the browser installs it because its bytes differ).
 */
async function buildKioskWorker(files) {
  const kioskDir = path.join(root, 'src/client/kiosk');
  const words = new Set();
  for (const entry of readdirSync(kioskDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.tsx')) continue;
    const text = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const m of text.matchAll(/["']([a-z0-9]+(?:-[a-z0-9]+)*)["']/g)) words.add(m[1]);
  }
  const icons = [...words]
    .map((word) => `/shoelace/assets/icons/${word}.svg`)
    .filter((icon) => existsSync(path.join(publicDir, icon)));
  const shellFiles = [...new Set([...files, ...icons])].sort();
  const hash = createHash('sha256');
  let bytes = 0;
  for (const file of shellFiles) {
    const content = readFileSync(path.join(publicDir, file));
    hash.update(file).update(content);
    bytes += content.length;
  }
  const version = hash.digest('hex').slice(0, 16);
  await esbuild.build({
    entryPoints: [path.join(kioskDir, 'offline/serviceWorker.ts')],
    outfile: path.join(publicDir, 'kiosk-sw.js'),
    bundle: true,
    minify: true,
    format: 'iife',
    target: ['es2022'],
    define: { __KIOSK_SHELL__: JSON.stringify({ version, files: shellFiles }) },
    legalComments: 'none',
    logLevel: 'warning',
  });
  console.log(`kiosk offline shell: ${shellFiles.length} files, ${(bytes / 1024).toFixed(0)} KB raw (cache ${version})`);
}

/** Files the server sends precompressed (app.ts, `preCompressed`): text formats only, images and fonts are packed. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|map|txt|html|bcmap)$/;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every compressible file of dist/public, when they
 * save at least 10 % and the file is over 256 bytes: the server then sends what the browser accepts without
 * compressing anything per request. index.html is compressed by the server itself (it serves it from memory).
 */
function precompress(dir) {
  let raw = 0;
  let br = 0;
  let files = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = readFileSync(file);
    if (bytes.length <= 256) continue;
    const brotli = brotliCompressSync(bytes, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      },
    });
    const gzip = gzipSync(bytes, { level: 9 });
    if (brotli.length < bytes.length * 0.9) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < bytes.length * 0.9) writeFileSync(`${file}.gz`, gzip);
    raw += bytes.length;
    br += Math.min(brotli.length, bytes.length);
    files++;
  }
  console.log(`precompressed ${files} files: ${(raw / 1024).toFixed(0)} KB raw, ${(br / 1024).toFixed(0)} KB brotli`);
}

try {
  mkdirSync(dist, { recursive: true });
  await buildServer();
  if (!serverOnly) await buildConsole();
} catch (error) {
  // esbuild has already printed its diagnostics; anything else gets a message.
  if (!error?.errors) console.error(error);
  process.exit(1);
}
