import {describe, expect, it} from 'vitest';
import {EARLY_SHORTCUT_GLOBAL, earlyShortcutScript} from './early-shortcut';

interface FakeKey {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  target?: {tagName: string; isContentEditable?: boolean};
}

/** Runs the inline script against a stand-in window; returns a key presser, the hand-over and the listener count. */
function page() {
  const listeners = new Set<(event: unknown) => void>();
  const win: Record<string, unknown> = {
    addEventListener: (_type: string, listener: (event: unknown) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: unknown) => void) => listeners.delete(listener),
  };
  new Function('window', earlyShortcutScript)(win);
  const press = (key: FakeKey): boolean => {
    let prevented = false;
    const event = {ctrlKey: false, metaKey: false, altKey: false, target: {tagName: 'BODY'}, ...key, preventDefault: () => (prevented = true)};
    listeners.forEach((listener) => listener(event));
    return prevented;
  };
  const take = () => (win[EARLY_SHORTCUT_GLOBAL] as () => string | null)();
  return {press, take, listening: () => listeners.size};
}

describe('earlyShortcutScript', () => {
  it('remembers Ctrl+K or Cmd+K and the keys typed after it as the query', () => {
    const ctrl = page();
    expect(ctrl.press({key: 'k', ctrlKey: true})).toBe(true);
    for (const key of ['l', 'i', 'n', 'x', 'Backspace', 'e']) ctrl.press({key});
    expect(ctrl.take()).toBe('line');
    const cmd = page();
    cmd.press({key: 'K', metaKey: true});
    expect(cmd.take()).toBe('');
  });

  it('opens on "/" except while typing in a field, and forgets the shortcut on Escape', () => {
    const inField = page();
    expect(inField.press({key: '/', target: {tagName: 'INPUT'}})).toBe(false);
    expect(inField.take()).toBeNull();
    const slash = page();
    expect(slash.press({key: '/'})).toBe(true);
    slash.press({key: 'Escape'});
    expect(slash.take()).toBeNull();
  });

  it('leaves other keys alone before the shortcut', () => {
    const other = page();
    expect(other.press({key: 'a'})).toBe(false);
    expect(other.press({key: 'c', ctrlKey: true})).toBe(false);
    expect(other.take()).toBeNull();
  });

  it('stops listening once the search bar takes over', () => {
    const handed = page();
    handed.press({key: 'k', ctrlKey: true});
    expect(handed.take()).toBe('');
    expect(handed.listening()).toBe(0);
    expect(handed.take()).toBeNull();
  });
});
