import {describe, expect, it} from 'vitest';
import {createFairAdmission, type Turn} from './fair-admission';

const options = {maxRunning: 2, perClient: 1, perClientWaiting: 2, waitMs: 5_000, maxWaiting: 10};
const isTurn = (result: unknown): result is Turn => typeof result === 'object' && result !== null;

describe('fair admission', () => {
  it('gives turns at once while there is room, and at most perClient to one client', async () => {
    const admission = createFairAdmission({...options, waitMs: 0});
    expect(isTurn(await admission.admit('a'))).toBe(true);
    expect(await admission.admit('a')).toBe('client_busy');
    expect(isTurn(await admission.admit('b'))).toBe(true);
    expect(await admission.admit('c')).toBe('busy');
    expect(admission.running()).toBe(2);
  });

  it('serves the clients waiting round-robin, not in the order their questions came', async () => {
    const admission = createFairAdmission({...options, perClient: 2});
    const running = [(await admission.admit('flood')) as Turn, (await admission.admit('flood')) as Turn];
    const order: string[] = [];
    const ask = (client: string, name: string) => admission.admit(client).then((turn) => (order.push(name), turn as Turn));
    const third = ask('flood', 'flood 3');
    const fourth = ask('flood', 'flood 4');
    const reader = ask('reader', 'reader');
    expect(admission.waiting()).toBe(3);
    running[0].release();
    await third;
    // The flooder's next question came before the reader's, but the reader's turn comes first.
    running[1].release();
    await reader;
    expect(order).toEqual(['flood 3', 'reader']);
    (await third).release();
    await fourth;
    expect(order).toEqual(['flood 3', 'reader', 'flood 4']);
  });

  it('refuses after the wait, when the client leaves, past its own queue and past the most that may wait', async () => {
    const admission = createFairAdmission({...options, maxRunning: 1, waitMs: 30, maxWaiting: 3});
    await admission.admit('a');
    const started = performance.now();
    const waiting = [admission.admit('a'), admission.admit('a')];
    expect(await admission.admit('a')).toBe('client_busy'); // its own queue holds perClientWaiting already
    const left = new AbortController();
    const abandoned = admission.admit('b', left.signal);
    expect(await admission.admit('c')).toBe('busy'); // three wait: the most that may
    left.abort();
    expect(await abandoned).toBe('left');
    expect(await Promise.all(waiting)).toEqual(['client_busy', 'client_busy']);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    expect(admission.waiting()).toBe(0);
  });

  it('counts a turn released twice once', async () => {
    const admission = createFairAdmission(options);
    const turn = (await admission.admit('a')) as Turn;
    turn.release();
    turn.release();
    expect(admission.running()).toBe(0);
  });
});
