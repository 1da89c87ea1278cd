/** `%` and `_` typed by a user match themselves, not any text (LIKE's escape is a backslash). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`)
}
