/**
 * A camera picture for Chromium's fake capture device (`--use-file-for-fake-video-capture`): barcode frames drawn
 * from bwip-js's bar widths (`raw()`, so no image decoding), written as an uncompressed Y4M video (4:2:0).
 */
import { writeFileSync } from 'node:fs';
import bwipjs from 'bwip-js/node';

/** White and black in video range (BT.601 luma), and neutral chroma. */
const WHITE = 235;
const BLACK = 16;
const NEUTRAL = 128;

export interface Y4mScene {
  /** Frames per second of the video (Chromium plays it in real time and loops it). */
  fps: number;
  /** Seconds of plain white before the barcode shows (the page aims and finds nothing). */
  blankSeconds: number;
  /** Seconds of the barcode. */
  codeSeconds: number;
}

/** The luma plane of a Code 128 symbol centred on a white frame, bars `module` pixels wide and half the height. */
export function code128Luma(text: string, width: number, height: number, module: number): Uint8Array {
  const luma = new Uint8Array(width * height).fill(WHITE);
  const symbol = bwipjs.raw({ bcid: 'code128', text })[0];
  if (!symbol || !('sbs' in symbol)) throw new Error('bwip-js gave no bar widths');
  const total = symbol.sbs.reduce((sum, bar) => sum + bar, 0) * module;
  if (total > width - 20 * module) throw new Error(`the symbol (${total} px) does not fit ${width} px with its quiet zones`);
  const top = Math.round(height / 4);
  let x = Math.round((width - total) / 2);
  // sbs alternates bar, space, bar … starting with a bar.
  symbol.sbs.forEach((units, index) => {
    const span = units * module;
    if (index % 2 === 0) for (let row = top; row < height - top; row++) luma.fill(BLACK, row * width + x, row * width + x + span);
    x += span;
  });
  return luma;
}

/** Writes a Y4M video: `blankSeconds` of white, then `codeSeconds` of the given luma picture. */
export function writeY4m(path: string, width: number, height: number, picture: Uint8Array, scene: Y4mScene): void {
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F${scene.fps}:1 Ip A1:1 C420jpeg\n`);
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, NEUTRAL);
  const frameHeader = Buffer.from('FRAME\n');
  const blank = Buffer.concat([frameHeader, Buffer.alloc(width * height, WHITE), chroma]);
  const code = Buffer.concat([frameHeader, Buffer.from(picture), chroma]);
  const frames = [
    ...Array.from({ length: Math.round(scene.blankSeconds * scene.fps) }, () => blank),
    ...Array.from({ length: Math.round(scene.codeSeconds * scene.fps) }, () => code),
  ];
  writeFileSync(path, Buffer.concat([header, ...frames]));
}
