/**
 * PIX BR Code: the EMV merchant-presented QR payload of Brazil's central bank (static "copia e cola" code).
 *
 * Each field is ID (2 digits) + length (2 digits) + value. The standard counts lengths in bytes of UTF-8; we
 * normalise merchant name and city to printable ASCII (diacritics removed: "São Paulo" → "Sao Paulo", as banks
 * and most generators do) and accept only ASCII keys and txids, so characters and bytes are the same count.
 * The payload ends with field 63: CRC-16/CCITT-FALSE over everything before the checksum, including "6304".
 */
import type { Minor } from './money.ts';

export class PixError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PixError';
  }
}

const PIX_GUI = 'br.gov.bcb.pix';

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) of the UTF-8 bytes of `text`. */
export function crc16ccitt(text: string): number {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

function crcHex(text: string): string {
  return crc16ccitt(text).toString(16).toUpperCase().padStart(4, '0');
}

function field(id: string, value: string): string {
  if (value.length > 99) throw new PixError(`field ${id} is longer than 99: ${value.length}`);
  return id + String(value.length).padStart(2, '0') + value;
}

/** Strips diacritics and anything outside printable ASCII, collapses spaces, trims and cuts to `max`. */
export function pixText(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

export type PixBrCodeInput = {
  /** The receiver's PIX key as registered (CPF/CNPJ digits, e-mail, +55 phone or random UUID). */
  readonly key: string;
  readonly merchantName: string;
  readonly merchantCity: string;
  /** In BRL cents; omitted for an open amount. */
  readonly amount?: Minor;
  /** Up to 25 letters and digits; '***' when absent. */
  readonly txid?: string;
};

/** Builds the static PIX "copia e cola" payload. */
export function pixBrCode(input: PixBrCodeInput): string {
  const key = input.key.trim();
  if (key === '' || !/^[\x21-\x7e]+$/.test(key)) throw new PixError('the PIX key must be non-empty printable ASCII');
  if (key.length > 77) throw new PixError('the PIX key is too long');
  const name = pixText(input.merchantName, 25);
  const city = pixText(input.merchantCity, 15);
  if (name === '') throw new PixError('the merchant name is empty');
  if (city === '') throw new PixError('the merchant city is empty');
  const txid = input.txid ?? '***';
  if (input.txid !== undefined && !/^[A-Za-z0-9]{1,25}$/.test(input.txid)) {
    throw new PixError('the txid must be 1–25 letters and digits');
  }

  let payload = field('00', '01');
  payload += field('26', field('00', PIX_GUI) + field('01', key));
  payload += field('52', '0000');
  payload += field('53', '986');
  if (input.amount !== undefined) {
    const cents = input.amount;
    if (!Number.isSafeInteger(cents) || cents <= 0) throw new PixError(`not an amount of cents: ${cents}`);
    const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    if (text.length > 13) throw new PixError('the amount is too large for field 54');
    payload += field('54', text);
  }
  payload += field('58', 'BR');
  payload += field('59', name);
  payload += field('60', city);
  payload += field('62', field('05', txid));
  payload += '6304';
  return payload + crcHex(payload);
}

/** Splits a TLV string into its fields, in order. Throws PixError when it is not well formed. */
export function parseTlv(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const head = text.slice(at, at + 4);
    if (!/^\d{4}$/.test(head)) throw new PixError(`bad field header at ${at}`);
    const id = head.slice(0, 2);
    const length = Number(head.slice(2));
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new PixError(`field ${id} runs past the end`);
    if (fields.has(id)) throw new PixError(`field ${id} appears twice`);
    fields.set(id, value);
    at += 4 + length;
  }
  return fields;
}

export type BrCode = {
  /** Top-level fields by ID, in order; nested templates (26–51, 62) as their raw value. */
  readonly fields: ReadonlyMap<string, string>;
  readonly pixKey: string | null;
  /** BRL cents, or null for an open amount. */
  readonly amount: Minor | null;
  readonly merchantName: string | null;
  readonly merchantCity: string | null;
  readonly txid: string | null;
};

/** Parses a BR Code payload into its fields and the PIX data in it. Does not check the CRC (see verifyBrCode). */
export function parseBrCode(payload: string): BrCode {
  const fields = parseTlv(payload);
  let pixKey: string | null = null;
  for (const [id, value] of fields) {
    const n = Number(id);
    if (n < 26 || n > 51) continue;
    const account = parseTlv(value);
    if (account.get('00')?.toLowerCase() === PIX_GUI) pixKey = account.get('01') ?? null;
  }
  const amountText = fields.get('54');
  let amount: Minor | null = null;
  if (amountText !== undefined) {
    const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amountText);
    if (match === null) throw new PixError(`bad amount: ${amountText}`);
    amount = (Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))) as Minor;
  }
  const additional = fields.get('62');
  return {
    fields,
    pixKey,
    amount,
    merchantName: fields.get('59') ?? null,
    merchantCity: fields.get('60') ?? null,
    txid: additional === undefined ? null : (parseTlv(additional).get('05') ?? null),
  };
}

/** True when the payload is well formed, starts with 000201 and ends with field 63 holding its own CRC. */
export function verifyBrCode(payload: string): boolean {
  if (!payload.startsWith('000201') || payload.length < 12) return false;
  const body = payload.slice(0, -4);
  if (!body.endsWith('6304') || crcHex(body) !== payload.slice(-4)) return false;
  try {
    const fields = parseTlv(payload);
    return [...fields.keys()].at(-1) === '63';
  } catch {
    return false;
  }
}
