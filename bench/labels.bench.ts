import { performance } from 'node:perf_hooks';
import { PDFDocument } from 'pdf-lib';
import { sampleLabel } from '../src/server/modules/shipping/documents/documents.samples';
import { renderLabels } from '../src/server/modules/shipping/documents/index';

/**
 * Shipping labels (issue 13, docs/flows.md "Documents"): BENCH_LABELS (1,000) distinct 100 × 150 mm labels — Chinese and Latin
 * text, two Code 128 and a QR each — rendered into one PDF by `renderLabels` (what `/tblShippingLabel/printLabels`
 * answers), three times, after one warm-up render that reads and parses the font. Also one label alone (the first
 * render of the process, then the median of 20 warm ones), its bytes, and the process's memory. No database: the data
 * call that feeds the renderer is timed with the API.
 */
const LABELS = Number(process.env.BENCH_LABELS ?? 1_000);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function main(): Promise<void> {
  let t0 = performance.now();
  const first = await renderLabels([sampleLabel(0)], 'zh_cn');
  const cold = performance.now() - t0;

  const single: number[] = [];
  for (let i = 0; i < 20; i++) {
    t0 = performance.now();
    await renderLabels([sampleLabel(i)], i % 2 ? 'en_us' : 'zh_cn');
    single.push(performance.now() - t0);
  }
  console.log(
    `  one label: first render ${cold.toFixed(0)} ms (font read and parsed), then p50 ${median(single).toFixed(1)} ms, ${(first.bytes.length / 1024).toFixed(1)} KB`,
  );

  const labels = Array.from({ length: LABELS }, (_, i) =>
    sampleLabel(i, i % 3 === 2 ? { code: 'ZTO', name: '中通快递 ZTO Express' } : undefined),
  );
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < 3; run++) {
    t0 = performance.now();
    const pdf = await renderLabels(labels, 'zh_cn');
    times.push(performance.now() - t0);
    bytes = pdf.bytes.length;
    if (run === 0) {
      const pages = (await PDFDocument.load(pdf.bytes)).getPageCount();
      if (pages !== LABELS || pdf.pages !== LABELS) throw new Error(`expected ${LABELS} pages, got ${pages}`);
    }
  }
  const rss = process.memoryUsage().rss / 1024 / 1024;
  console.log(
    `  ${LABELS} labels in one PDF: ${(median(times) / 1000).toFixed(2)} s median of 3 (${times.map((t) => (t / 1000).toFixed(2)).join(' / ')} s) = ${(LABELS / (median(times) / 1000)).toFixed(0)} labels/s, ${(bytes / 1024 / 1024).toFixed(2)} MB (${(bytes / LABELS / 1024).toFixed(1)} KB a label), rss ${rss.toFixed(0)} MB`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
