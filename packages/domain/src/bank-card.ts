/**
 * Bank card and account numbers for payouts: digits only once spaces and dashes are removed, 12 to 19 long.
 * Luhn applies where the card networks use it: numbers of 16–19 digits starting 2–6 (Mastercard 2/5, Amex 3,
 * Visa 4, Discover/UnionPay 6, …). Shorter numbers (12–15 digits) and other leading digits are taken to be bank
 * account numbers, which have no common check digit (some Thai bank accounts are not Luhn), so no Luhn there.
 * Numbers of fewer than 12 digits (e.g. 10-digit Thai accounts) are refused by this rule.
 */

/** The Luhn (mod 10) check over a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Whether the number is of a card network's shape, and so must pass Luhn. */
export function isCardNetworkNumber(digits: string): boolean {
  return /^[2-6]\d{15,18}$/.test(digits);
}

/** The digits of a valid card or account number, or null. */
export function normalizeBankCardNumber(input: string): string | null {
  const digits = input.trim().replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return null;
  if (isCardNetworkNumber(digits) && !luhnValid(digits)) return null;
  return digits;
}
