/**
 * PDFs written by hand, byte by byte (not by pdf-lib, which the signature tool stamps with), for the signature tool's
 * tests: pages of any MediaBox, CropBox and /Rotate, some inherited from an intermediate Pages node, each page's
 * content leaving a scaling `cm` behind without q … Q (as some producers do). And a reader of where a colour's ink
 * lands on each page as poppler's pdftoppm renders it, in pixels of the page as shown (rotation and crop applied).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodePng } from './png';

export interface HandPage {
  mediaBox?: readonly number[];
  cropBox?: readonly number[];
  rotate?: number;
}

/** Pages listed under `inherit` sit under a Pages node carrying these entries (their own entries win). */
export interface HandGroup {
  inherit: HandPage;
  pages: HandPage[];
}

const entries = (page: HandPage): string =>
  [
    page.mediaBox ? `/MediaBox [${page.mediaBox.join(' ')}]` : '',
    page.cropBox ? `/CropBox [${page.cropBox.join(' ')}]` : '',
    page.rotate !== undefined ? `/Rotate ${page.rotate}` : '',
  ].join(' ');

/** A PDF 1.4 file of these pages (and groups of pages), in order, with a correct cross-reference table. */
export function handPdf(items: readonly (HandPage | HandGroup)[]): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body); // its object number: numbers start at 1
  const reserve = () => add('');
  const root = reserve();
  const pages = reserve();
  // A content stream that leaves the CTM scaled and the colour set: the stamp must not be moved by it.
  const content = '0.6 g 2 0 0 2 0 0 cm 0 0 5 5 re f';
  const contents = add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  const kids: number[] = [];
  const pageObject = (page: HandPage, parent: number) =>
    add(`<< /Type /Page /Parent ${parent} 0 R ${entries(page)} /Resources << >> /Contents ${contents} 0 R >>`);
  for (const item of items) {
    if ('pages' in item) {
      const group = reserve();
      const members = item.pages.map((page) => pageObject(page, group));
      objects[group - 1] =
        `<< /Type /Pages /Parent ${pages} 0 R ${entries(item.inherit)} /Kids [${members.map((n) => `${n} 0 R`).join(' ')}] /Count ${members.length} >>`;
      kids.push(group);
    } else {
      kids.push(pageObject(item, pages));
    }
  }
  const count = items.reduce((n, item) => n + ('pages' in item ? item.pages.length : 1), 0);
  objects[pages - 1] =
    `<< /Type /Pages /MediaBox [0 0 595.28 841.89] /Kids [${kids.map((n) => `${n} 0 R`).join(' ')}] /Count ${count} >>`;
  objects[root - 1] = `<< /Type /Catalog /Pages ${pages} 0 R >>`;
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${root} 0 R /Producer (Wharf tests, by hand) >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/**
 * A 300 × 200 signature PNG whose ink is pure red and fills only the pad's top-left quarter (0–150 × 0–100 px): where
 * that quarter lands on a rendered page tells both the stamp's place and which way up it is.
 */
export function quarterPng(): Uint8Array {
  const width = 300;
  const height = 200;
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height / 2; y++)
    for (let x = 0; x < width / 2; x++) rows.set([255, 0, 0, 255], y * (width * 4 + 1) + 1 + x * 4);
  return new Uint8Array(encodePng(width, height, 6, rows));
}

/** Where ink of one colour lies on a rendered page, in pixels from its top-left corner as shown (null: none). */
export interface InkBox {
  width: number;
  height: number;
  ink: { left: number; top: number; right: number; bottom: number } | null;
}

/** Pure red (quarterPng's ink), or dark as a pen (the signature pads' #10243e; the hand pages' grey is not). */
const INKS = {
  red: (r: number, g: number, b: number) => r > 180 && g < 90 && b < 90,
  dark: (r: number, g: number, b: number) => r < 100 && g < 100 && b < 110,
};

/** A page as pdftoppm rendered it: RGB, three bytes a pixel, rows from the top. */
export interface RenderedPage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** Every page of `pdf` rendered by poppler's pdftoppm at `dpi`, as readers show and print it (its CropBox, turned). */
export function renderPages(pdf: Uint8Array, dpi: number): RenderedPage[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wharf-ink-'));
  try {
    const file = path.join(dir, 'in.pdf');
    fs.writeFileSync(file, pdf);
    // -cropbox: the page as readers show and print it (pdftoppm's default is the whole MediaBox).
    execFileSync('pdftoppm', ['-cropbox', '-r', String(dpi), file, path.join(dir, 'page')]);
    const names = fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.ppm'))
      .sort();
    return names.map((name) => {
      const ppm = fs.readFileSync(path.join(dir, name));
      const header = ppm.toString('latin1', 0, 64).match(/^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/);
      if (!header) throw new Error('not a PPM');
      return { width: Number(header[1]), height: Number(header[2]), pixels: ppm.subarray(header[0].length) };
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether the pixel at (x, y) is ink of `colour`. */
export function isInk({ width, pixels }: RenderedPage, x: number, y: number, colour: keyof typeof INKS): boolean {
  const at = (y * width + x) * 3;
  return INKS[colour](pixels[at] ?? 255, pixels[at + 1] ?? 255, pixels[at + 2] ?? 255);
}

/** The bounding box of a rendered page's pixels of `colour` (null: none). */
export function inkBox(page: RenderedPage, colour: keyof typeof INKS): InkBox['ink'] {
  let ink: InkBox['ink'] = null;
  for (let y = 0; y < page.height; y++)
    for (let x = 0; x < page.width; x++) {
      if (!isInk(page, x, y, colour)) continue;
      ink = ink
        ? {
            left: Math.min(ink.left, x),
            top: Math.min(ink.top, y),
            right: Math.max(ink.right, x + 1),
            bottom: Math.max(ink.bottom, y + 1),
          }
        : { left: x, top: y, right: x + 1, bottom: y + 1 };
    }
  return ink;
}

/** Every page of `pdf` rendered by pdftoppm at `dpi`, and the bounding box of its pixels of `colour`. */
export function inkBoxes(pdf: Uint8Array, dpi: number, colour: keyof typeof INKS = 'red'): InkBox[] {
  return renderPages(pdf, dpi).map((page) => ({ width: page.width, height: page.height, ink: inkBox(page, colour) }));
}

/**
 * Where the pad's top-left quarter must land on a page shown `width` × `height` pt with the stamp at `scale`, in
 * pixels of a rendering at `px` pixels a point: the stamp 35.28 pt from the right and 20 pt from the bottom, 60 × 40
 * pt (all times `scale`), upright — so its top-left quarter is 30 × 20 pt at its top-left corner.
 */
export function stampQuarter(width: number, height: number, scale: number, px: number) {
  const left = (width - (35.28 + 60) * scale) * px;
  const top = (height - 60 * scale) * px;
  return { left, top, right: left + 30 * scale * px, bottom: top + 20 * scale * px };
}
