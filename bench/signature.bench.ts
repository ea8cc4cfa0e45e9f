import { performance } from 'node:perf_hooks';
import { PDFDocument } from 'pdf-lib';
import { signPdf } from '../src/client/signature/signPdf';
import { chinesePdf, drawnImages, signaturePng } from '../tests/support/signatureFixtures';

/**
 * The PDF signature tool (docs/design.md §8: signing a 100-page PDF takes under 2 s): a BENCH_PAGES (100) page A4 PDF with
 * Chinese text (Noto Sans SC subset), every page signed with one real 600 × 400 PNG through `signPdf` — what the
 * console and the kiosk run in the browser on "download". One warm-up run, then the median of BENCH_RUNS (7).
 */
const PAGES = Number(process.env.BENCH_PAGES ?? 100);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const BUDGET_MS = 2000;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function main(): Promise<void> {
  const source = await chinesePdf(PAGES);
  const png = signaturePng();
  const signatures = new Map(Array.from({ length: PAGES }, (_, page) => [page, png]));

  let t0 = performance.now();
  const { bytes: warm } = await signPdf(source, signatures);
  const cold = performance.now() - t0;
  const images = await drawnImages(warm);
  if (images.length !== PAGES || images.some((page) => page.length !== 1)) throw new Error('not every page was signed');
  if ((await PDFDocument.load(warm)).getPageCount() !== PAGES) throw new Error('pages lost');

  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    t0 = performance.now();
    await signPdf(source, signatures);
    times.push(performance.now() - t0);
  }
  const p50 = median(times);
  console.log(
    `  ${PAGES}-page PDF (${(source.length / 1024).toFixed(0)} KB, Chinese text) signed on every page with one ${(png.length / 1024).toFixed(1)} KB PNG: ` +
      `${p50.toFixed(0)} ms median of ${RUNS} (${times.map((t) => t.toFixed(0)).join(' / ')} ms; first run ${cold.toFixed(0)} ms), ` +
      `${(warm.length / 1024).toFixed(0)} KB out — budget ${BUDGET_MS} ms: ${p50 < BUDGET_MS ? 'within' : 'OVER'}`,
  );
  // The worst case the tool makes: a signature drawn on every page, so a PNG of its own per page (100 images).
  for (const scale of [1, 2]) {
    const own = signaturePng(scale);
    const distinct = new Map(Array.from({ length: PAGES }, (_, page) => [page, own.slice()]));
    const each: number[] = [];
    for (let run = 0; run < 3; run++) {
      t0 = performance.now();
      await signPdf(source, distinct);
      each.push(performance.now() - t0);
    }
    console.log(
      `  the same with a PNG of its own on every page (${PAGES} images of ${300 * scale} × ${200 * scale} px embedded): ${median(each).toFixed(0)} ms median of 3`,
    );
  }
  if (p50 >= BUDGET_MS) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
