/**
 * A list of strings kept in browser storage under one key. What another version of the app or a
 * hand edit left there is read defensively: anything that is not a list of strings counts as
 * nothing stored, and storage that refuses (private mode, quota) only loses the memory.
 */
export function readStringList(storage: Storage, key: string): string[] | null {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string')
      : null;
  } catch {
    return null;
  }
}

export function writeStringList(storage: Storage, key: string, list: readonly string[]): void {
  try {
    storage.setItem(key, JSON.stringify(list));
  } catch {
    // Storage full or unavailable: the list lives on for this visit only.
  }
}
