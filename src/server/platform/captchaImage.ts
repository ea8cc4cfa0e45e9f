import { crc32, deflateSync } from 'node:zlib';

// 5×7 bitmaps of the digits, one string of 35 cells per glyph, row by row.
const GLYPHS: Record<string, string> = {
  '0': '01110100011001110101110011000101110',
  '1': '00100011000010000100001000010001110',
  '2': '01110100010000100010001000100011111',
  '3': '11111000100010000010000011000101110',
  '4': '00010001100101010010111110001000010',
  '5': '11111100001111000001000011000101110',
  '6': '00110010001000011110100011000101110',
  '7': '11111000010001000100010000100001000',
  '8': '01110100011000101110100011000101110',
  '9': '01110100011000101111000010001001100',
};

const WIDTH = 120;
const HEIGHT = 40;
const SCALE = 4;

type Random = () => number;

/** Renders digits as a noisy PNG (the spec's captcha.jpg is any browser image). */
export function captchaPng(code: string, random: Random = Math.random): Buffer {
  const pixels = new Uint8Array(WIDTH * HEIGHT * 3).fill(0);
  const set = (x: number, y: number, rgb: readonly [number, number, number]): void => {
    if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) return;
    const i = (y * WIDTH + x) * 3;
    pixels[i] = rgb[0];
    pixels[i + 1] = rgb[1];
    pixels[i + 2] = rgb[2];
  };
  for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) set(x, y, [240, 246, 247]);
  // Speckle noise and two crossing lines make plain OCR harder without hurting people.
  for (let n = 0; n < 260; n++) {
    const shade = 150 + Math.floor(random() * 90);
    set(Math.floor(random() * WIDTH), Math.floor(random() * HEIGHT), [shade, shade, shade]);
  }
  for (let line = 0; line < 2; line++) {
    const y0 = random() * HEIGHT;
    const slope = (random() - 0.5) * 0.6;
    for (let x = 0; x < WIDTH; x++) set(x, Math.round(y0 + slope * x), [120, 170, 180]);
  }
  [...code].forEach((ch, index) => {
    const glyph = GLYPHS[ch] ?? '';
    const colour: [number, number, number] = [
      10 + Math.floor(random() * 60),
      80 + Math.floor(random() * 60),
      100 + Math.floor(random() * 60),
    ];
    const left = 10 + index * 26 + Math.floor(random() * 6);
    const top = 4 + Math.floor(random() * 6);
    const slant = (random() - 0.5) * 0.5;
    for (let row = 0; row < 7; row++) {
      for (let col = 0; col < 5; col++) {
        if (glyph[row * 5 + col] !== '1') continue;
        for (let dy = 0; dy < SCALE; dy++) {
          for (let dx = 0; dx < SCALE; dx++) {
            const y = top + row * SCALE + dy;
            set(left + col * SCALE + dx + Math.round(slant * (y - HEIGHT / 2)), y, colour);
          }
        }
      }
    }
  });
  return encodePng(pixels, WIDTH, HEIGHT);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

function encodePng(rgb: Uint8Array, width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0; // filter: none
    raw.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
