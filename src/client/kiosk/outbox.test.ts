import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HandoverAnswer, StationHandoverRequest } from '../../shared/kiosk';
import type { KioskResult } from './kioskApi';

// The outbox's rules without a browser: localStorage is a map, the server is the mocked send.
const send = vi.fn<(request: StationHandoverRequest) => Promise<KioskResult<unknown>>>();
vi.mock('./kioskApi', () => ({ sendHandover: (request: StationHandoverRequest) => send(request) }));

const store = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => void store.set(key, value),
  removeItem: (key: string) => void store.delete(key),
});

const { deliver, flushOutbox, keepHandover, outbox, pendingHandovers } = await import('./outbox');

const request = (submissionId: string): StationHandoverRequest => ({
  submissionId,
  whId: 'WH01',
  deliveryNumber: `DL-${submissionId}`,
  loadedCartons: ['CT1'],
  driverName: 'Zhang Wei',
  carrierCode: 'SF',
  vehiclePlate: 'A12345',
  signaturePng: 'iVBORw0KGgo=',
  signedAt: '2026-11-26T09:00:00.000Z',
  sessionToken: 'session-of-the-worker',
});
const answer = (deliveryNumber: string): HandoverAnswer => ({
  deliveryNumber,
  outcome: 'shipped',
  podId: 1,
  unattachedId: 0,
  reason: '',
  cartons: 1,
  duplicate: false,
});

describe('hand-over outbox', () => {
  beforeEach(() => {
    store.clear();
    send.mockReset();
  });

  it('keeps a signed hand-over until the server has answered it, and retries it with the same submission id', async () => {
    keepHandover(request('s1'));
    send.mockResolvedValueOnce({ ok: false, status: 0, message: 'no network' });
    expect((await deliver(request('s1'))).kind).toBe('waiting');
    expect(pendingHandovers().map((r) => r.submissionId)).toEqual(['s1']);
    expect(outbox.pending).toBe(1);

    send.mockResolvedValueOnce({ ok: true, data: answer('DL-s1') });
    await flushOutbox();
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls.map(([r]) => r.submissionId)).toEqual(['s1', 's1']);
    expect(pendingHandovers()).toEqual([]);
    expect(outbox.pending).toBe(0);
  });

  it('takes a refused hand-over out of the queue but keeps it, with the reason, for the office', async () => {
    keepHandover(request('s2'));
    send.mockResolvedValueOnce({ ok: false, status: 200, message: 'cartons do not match' });
    expect(await deliver(request('s2'))).toEqual({ kind: 'refused', message: 'cartons do not match' });
    expect(pendingHandovers()).toEqual([]);
    const refused = JSON.parse(store.get('wharf.kiosk.refused') ?? '[]') as {
      request: StationHandoverRequest;
      message: string;
    }[];
    expect(refused.map((r) => [r.request.submissionId, r.message])).toEqual([['s2', 'cartons do not match']]);
    expect(outbox.refused).toBe(1);
  });

  it('waits on an expired session (401) rather than dropping the hand-over', async () => {
    keepHandover(request('s3'));
    send.mockResolvedValueOnce({ ok: false, status: 401, message: 'signed out' });
    expect((await deliver(request('s3'))).kind).toBe('waiting');
    expect(pendingHandovers().map((r) => r.submissionId)).toEqual(['s3']);
  });

  it('never sends the same hand-over twice at the same time', async () => {
    keepHandover(request('s4'));
    let release: (value: KioskResult<unknown>) => void = () => undefined;
    send.mockReturnValueOnce(new Promise((resolve) => (release = resolve)));
    const first = deliver(request('s4'));
    const second = deliver(request('s4'));
    release({ ok: true, data: answer('DL-s4') });
    expect((await first).kind).toBe('sent');
    expect((await second).kind).toBe('sent');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('stops a round at the first hand-over still without an answer (the rest would fail alike)', async () => {
    keepHandover(request('a'));
    keepHandover(request('b'));
    send.mockResolvedValue({ ok: false, status: 0, message: 'no network' });
    await flushOutbox();
    expect(send).toHaveBeenCalledTimes(1);
    expect(pendingHandovers().map((r) => r.submissionId)).toEqual(['a', 'b']);
  });
});
