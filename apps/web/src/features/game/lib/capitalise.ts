/** A play label starts with a capital in every language whose script has case ("car 3" → "Car 3"); Thai is as is. */
export function capitalise(text: string, lang: string): string {
  const first = text.codePointAt(0);
  if (first === undefined) return text;
  const char = String.fromCodePoint(first);
  return char.toLocaleUpperCase(lang) + text.slice(char.length);
}
