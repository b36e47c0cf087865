import { describe, expect, it } from 'vitest';
import { loadPromptHistory, promptChips, rememberPrompt } from './prompt-history';
import { initialSelection, saveSelection, toggleModel } from './selected-models';

/** The Storage interface over a Map, with a switch that makes it refuse writes. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  refuseWrites = false;
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    if (this.refuseWrites) throw new DOMException('full', 'QuotaExceededError');
    this.items.set(key, value);
  }
}

describe('recent prompts (promptHistory)', () => {
  it('keeps 10, newest first, without duplicates, under the spec’s key', () => {
    const storage = new MemoryStorage();
    for (let i = 1; i <= 12; i += 1) rememberPrompt(storage, `prompt ${i}`);
    rememberPrompt(storage, 'prompt 5');
    const history = loadPromptHistory(storage);
    expect(history).toHaveLength(10);
    expect(history.slice(0, 3)).toEqual(['prompt 5', 'prompt 12', 'prompt 11']);
    expect(history.filter((prompt) => prompt === 'prompt 5')).toHaveLength(1);
    expect(JSON.parse(storage.getItem('promptHistory')!)).toEqual(history);
  });

  it('ignores blank prompts and trims the others', () => {
    const storage = new MemoryStorage();
    rememberPrompt(storage, '  studio portrait  ');
    rememberPrompt(storage, '   ');
    expect(loadPromptHistory(storage)).toEqual(['studio portrait']);
  });

  it('shows 5 chips with labels cut at 30 characters plus an ellipsis', () => {
    const long = 'a portrait on the beach at sunset, warm light';
    const chips = promptChips([long, 'b', 'c', 'd', 'e', 'f']);
    expect(chips).toHaveLength(5);
    expect(chips[0]).toEqual({ prompt: long, label: 'a portrait on the beach at sun...' });
    expect(chips[1]).toEqual({ prompt: 'b', label: 'b' });
  });

  it('reads a damaged or foreign value as an empty history, and cleans up a messy one', () => {
    const storage = new MemoryStorage();
    storage.setItem('promptHistory', '{not json');
    expect(loadPromptHistory(storage)).toEqual([]);
    storage.setItem('promptHistory', JSON.stringify({ a: 1 }));
    expect(loadPromptHistory(storage)).toEqual([]);
    storage.setItem('promptHistory', JSON.stringify(['x', 3, 'y', 'x', ' ']));
    expect(loadPromptHistory(storage)).toEqual(['x', 'y']);
  });

  it('still answers when the storage refuses to write', () => {
    const storage = new MemoryStorage();
    storage.refuseWrites = true;
    expect(rememberPrompt(storage, 'kept for this visit')).toEqual(['kept for this visit']);
  });
});

describe('selected models (selectedModelIds)', () => {
  const ready = ['m1', 'm2', 'm3'];

  it('starts with the first ready model on a first visit', () => {
    expect(initialSelection(new MemoryStorage(), ready)).toEqual(['m1']);
    expect(initialSelection(new MemoryStorage(), [])).toEqual([]);
  });

  it('restores a saved choice of up to 2 ready models', () => {
    const storage = new MemoryStorage();
    saveSelection(storage, ['m3', 'm2']);
    expect(JSON.parse(storage.getItem('selectedModelIds')!)).toEqual(['m3', 'm2']);
    expect(initialSelection(storage, ready)).toEqual(['m3', 'm2']);
    storage.setItem('selectedModelIds', JSON.stringify(['m1', 'm1', 'm2', 'm3']));
    expect(initialSelection(storage, ready)).toEqual(['m1', 'm2']);
  });

  it('drops models that are no longer ready; none left falls back to the first', () => {
    const storage = new MemoryStorage();
    saveSelection(storage, ['gone', 'm2']);
    expect(initialSelection(storage, ready)).toEqual(['m2']);
    saveSelection(storage, ['gone']);
    expect(initialSelection(storage, ready)).toEqual(['m1']);
  });

  it('keeps a choice the user emptied', () => {
    const storage = new MemoryStorage();
    saveSelection(storage, []);
    expect(initialSelection(storage, ready)).toEqual([]);
  });

  it('selects at most 2: a third tap changes nothing', () => {
    expect(toggleModel([], 'm1')).toEqual(['m1']);
    expect(toggleModel(['m1'], 'm2')).toEqual(['m1', 'm2']);
    expect(toggleModel(['m1', 'm2'], 'm3')).toEqual(['m1', 'm2']);
    expect(toggleModel(['m1', 'm2'], 'm1')).toEqual(['m2']);
  });
});
