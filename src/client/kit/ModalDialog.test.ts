import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CLIENT = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

describe('console dialogs', () => {
  it('keeps every dialog of the console from closing on a click outside (spec 000 §9): all go through ModalDialog', () => {
    const own = new Set([path.join(CLIENT, 'kit/ModalDialog.tsx'), path.join(CLIENT, 'kit/sl.ts')]);
    const direct = sources(CLIENT)
      .filter((file) => !own.has(file))
      .filter((file) => /\bSlDialog\b|<sl-dialog\b|'sl-dialog'/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(CLIENT, file));
    expect(direct).toEqual([]);
  });
});
