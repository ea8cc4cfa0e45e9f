import { describe, expect, it } from 'vitest';
import { addStroke, EMPTY_HISTORY, inkLength, isBlank, MAX_UNDO, undoStroke } from './strokes';

const dot = (x: number) => [{ x, y: x }];

describe('signature strokes', () => {
  it('undoes the last stroke and keeps the others', () => {
    const two = addStroke(addStroke(EMPTY_HISTORY, dot(1)), dot(2));
    const one = undoStroke(two);
    expect(one.strokes).toEqual([dot(1)]);
    expect(isBlank(undoStroke(one))).toBe(true);
  });

  it('keeps an undo history of 100 strokes per page: the 101st undo changes nothing', () => {
    let history = EMPTY_HISTORY;
    for (let i = 0; i < MAX_UNDO + 20; i++) history = addStroke(history, dot(i));
    expect(history.undoable).toBe(100);
    for (let i = 0; i < MAX_UNDO; i++) history = undoStroke(history);
    expect(history.strokes).toHaveLength(20);
    expect(undoStroke(history)).toBe(history);
  });

  it('ignores an empty stroke (a touch that drew nothing)', () => {
    expect(addStroke(EMPTY_HISTORY, [])).toBe(EMPTY_HISTORY);
  });

  it('measures the ink: the length of every stroke, a dot none', () => {
    expect(inkLength([dot(5), dot(9)])).toBe(0);
    const line = [
      { x: 0, y: 0 },
      { x: 30, y: 40 },
      { x: 30, y: 100 },
    ];
    expect(
      inkLength([
        line,
        dot(3),
        [
          { x: 1, y: 1 },
          { x: 4, y: 5 },
        ],
      ]),
    ).toBe(50 + 60 + 5);
  });
});
