/** What the RF dialog tests assert of an answer (rf.dialog, rf.scans and the station's client tests). */
import { expect } from 'vitest';
import type { RfAnswer } from '../../src/shared/rf';

/** The answer is the dialog named, with no error. */
export function at(answer: RfAnswer, subProcessName: string): RfAnswer {
  expect(answer.message?.kind === 'error' ? answer.message.text : null).toBeNull();
  expect(answer.dialog?.subProcessName).toBe(subProcessName);
  return answer;
}

/** The answer refuses with this text and stays on the same dialog and step. */
export function refused(answer: RfAnswer, from: RfAnswer, text: string | RegExp): void {
  expect(answer.message?.kind).toBe('error');
  expect(answer.message?.text).toMatch(text);
  expect(answer.dialog?.subProcessName).toBe(from.dialog?.subProcessName);
  expect(answer.dialog?.step).toBe(from.dialog?.step);
}
