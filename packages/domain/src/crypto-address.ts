/**
 * USDT deposit and payout addresses. TRC-20 (TRON): base58check of 25 bytes, 0x41 then the 20-byte account, then
 * the first 4 bytes of SHA-256(SHA-256(first 21)). ERC-20 (Ethereum): 0x and 40 hex digits; mixed case must be the
 * EIP-55 checksum (Keccak-256 of the lower-case hex, not SHA3-256), all-lower and all-upper carry no checksum.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58 } from '@scure/base';

export type CryptoCoin = 'USDT-TRC20' | 'USDT-ERC20';

export const CRYPTO_COINS: readonly CryptoCoin[] = ['USDT-TRC20', 'USDT-ERC20'];

export function isTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(address);
  } catch {
    return false;
  }
  if (bytes.length !== 25 || bytes[0] !== 0x41) return false;
  const check = sha256(sha256(bytes.subarray(0, 21)));
  return check.subarray(0, 4).every((b, i) => b === bytes[21 + i]);
}

/** The EIP-55 spelling of a 0x address (any case in, checksummed case out). */
export function toChecksumAddress(address: string): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new Error(`not an Ethereum address: ${address}`);
  const lower = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(lower));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const c = lower[i] ?? '';
    const nibble = ((hash[i >> 1] ?? 0) >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    out += nibble >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

export function isEthereumAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(address) === address;
}

export function validateCryptoAddress(coin: CryptoCoin, address: string): boolean {
  switch (coin) {
    case 'USDT-TRC20':
      return isTronAddress(address);
    case 'USDT-ERC20':
      return isEthereumAddress(address);
  }
}
