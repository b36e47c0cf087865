/** Server-made keys only: letters, digits, `-`, `_`, `.` segments; never `..`. */
const KEY_PATTERN = /^(?:[\w-][\w.-]*\/)*[\w-][\w.-]*$/;

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.split('/').includes('..');
}
