/** The fund password (asked before a withdrawal) is exactly six ASCII digits. */
export function isFundPassword(value: string): boolean {
  return /^[0-9]{6}$/.test(value);
}
