import {describe, expect, it} from 'vitest';
import {createAdmissionGate} from './admission';

describe('admission gate', () => {
  it('admits at once while there is room, and refuses at once without a wait', async () => {
    let room = true;
    const gate = createAdmissionGate({hasRoom: () => room, waitMs: 0, maxWaiting: 4});
    expect(await gate.admit()).toBe(true);
    room = false;
    expect(await gate.admit()).toBe(false);
    expect(gate.waiting()).toBe(0);
  });

  it('lets the longest-waiting question in when a place frees, one per freed place', async () => {
    let places = 0;
    const gate = createAdmissionGate({hasRoom: () => places > 0, waitMs: 5_000, maxWaiting: 4});
    const order: string[] = [];
    const first = gate.admit().then((ok) => order.push(`first ${ok}`));
    const second = gate.admit().then((ok) => order.push(`second ${ok}`));
    expect(gate.waiting()).toBe(2);
    places = 1;
    gate.roomFreed();
    await first;
    expect(order).toEqual(['first true']);
    expect(gate.waiting()).toBe(1);
    gate.roomFreed();
    await second;
    expect(order).toEqual(['first true', 'second true']);
  });

  it('refuses after the wait, when the client leaves, and past the most that may wait', async () => {
    const gate = createAdmissionGate({hasRoom: () => false, waitMs: 30, maxWaiting: 1});
    const started = performance.now();
    const timedOut = gate.admit();
    expect(await gate.admit()).toBe(false); // the second waiter is one too many
    expect(await timedOut).toBe(false);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    const left = new AbortController();
    const abandoned = gate.admit(left.signal);
    left.abort();
    expect(await abandoned).toBe(false);
    expect(gate.waiting()).toBe(0);
  });
});
