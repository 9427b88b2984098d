/**
 * PIX keys (chaves Pix): the five kinds the central bank's DICT registers, recognised from what a player types.
 * CPF and CNPJ are normalised to their digits, e-mail to lower case, phone to +55 and its digits, the random
 * key (EVP) to a lower-case UUID. The alphanumeric CNPJ announced for 2026 is not accepted yet.
 */
export type PixKeyType = 'cpf' | 'cnpj' | 'email' | 'phone' | 'random';
export type PixKey = { readonly type: PixKeyType; readonly normalized: string };

function digitsOf(text: string): number[] {
  return [...text].map(Number);
}

/** Σ digit × weight for the first `weights.length` digits. */
function weighted(digits: readonly number[], weights: readonly number[]): number {
  return weights.reduce((sum, w, i) => sum + (digits[i] ?? 0) * w, 0);
}

/** 11 digits (or 123.456.789-09) whose two check digits are right; all-equal numbers are invalid. */
export function isValidCpf(input: string): boolean {
  const text = input.trim();
  if (!/^\d{11}$/.test(text) && !/^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(text)) return false;
  const d = digitsOf(text.replace(/\D/g, ''));
  if (d.every((x) => x === d[0])) return false;
  const check = (n: number) =>
    ((weighted(
      d,
      Array.from({ length: n }, (_, i) => n + 1 - i),
    ) *
      10) %
      11) %
    10;
  return check(9) === d[9] && check(10) === d[10];
}

const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** 14 digits (or 11.222.333/0001-81) whose two check digits are right; all-equal numbers are invalid. */
export function isValidCnpj(input: string): boolean {
  const text = input.trim();
  if (!/^\d{14}$/.test(text) && !/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/.test(text)) return false;
  const d = digitsOf(text.replace(/\D/g, ''));
  if (d.every((x) => x === d[0])) return false;
  const check = (weights: readonly number[]) => {
    const r = weighted(d, weights) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return check(CNPJ_WEIGHTS_1) === d[12] && check(CNPJ_WEIGHTS_2) === d[13];
}

// DICT limits an e-mail key to 77 characters.
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Recognises a PIX key, or null. Phones must be +55 followed by 10–11 digits (spaces, dashes, parentheses allowed). */
export function classifyPixKey(input: string): PixKey | null {
  const text = input.trim();
  if (text.includes('@')) {
    return text.length <= 77 && EMAIL.test(text) ? { type: 'email', normalized: text.toLowerCase() } : null;
  }
  if (text.startsWith('+')) {
    const compact = text.replace(/[\s()-]/g, '');
    return /^\+55\d{10,11}$/.test(compact) ? { type: 'phone', normalized: compact } : null;
  }
  if (UUID.test(text)) return { type: 'random', normalized: text.toLowerCase() };
  if (isValidCpf(text)) return { type: 'cpf', normalized: text.replace(/\D/g, '') };
  if (isValidCnpj(text)) return { type: 'cnpj', normalized: text.replace(/\D/g, '') };
  return null;
}
