/** What the RF dialog tests call and assert of an answer (rf.dialog, rf.scans, rf.texts, serials.rf, the station's clients). */
import { expect } from 'vitest';
import type { RfAnswer } from '../../src/shared/rf';
import type { TestApp } from './testApp';

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

/** A `/api/rfDialog/…` call with this session, in a language; answers the envelope's data (HTTP and code 200). */
export async function rfCall<T>(
  t: TestApp,
  token: string,
  path: string,
  body: unknown,
  lang: 'en_us' | 'zh_cn' = 'en_us',
): Promise<T> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/rfDialog/${path}`,
    headers: { token, lang },
    payload: body as object,
  });
  expect(res.statusCode, res.body).toBe(200);
  const envelope = res.json() as { code: number; msg?: string; data: T };
  expect(envelope.code, envelope.msg ?? '').toBe(200);
  return envelope.data;
}
