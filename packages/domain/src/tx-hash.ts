/**
 * The transaction hash a player names for a USDT deposit, in one spelling per transfer: the hash is 32 bytes (64 hex
 * digits) on both networks; players paste it in either case, with or without `0x`, with spaces or line breaks
 * (copied from a wallet or an explorer). TRON explorers show it bare, Ethereum ones with `0x`, so the normalised
 * form is lower-case hex, with `0x` on USDT-ERC20 and without on USDT-TRC20. One normalised hash on one network
 * names one transfer: the API lets it back at most one deposit (modules/recharge/README.md).
 */
import type { CryptoCoin } from './crypto-address.ts';

/** Whitespace, and the invisible characters a copy from a web page may carry (zero-width spaces, joiners, BOM). */
const SPACES = /[\s\u200b-\u200d\u2060\ufeff]/g;

/** The hash in its one spelling for `coin`, or null when it is not 64 hex digits (after an optional `0x`). */
export function normalizeTxHash(coin: CryptoCoin, input: string): string | null {
  const compact = input.replace(SPACES, '').toLowerCase();
  const hex = compact.startsWith('0x') ? compact.slice(2) : compact;
  if (!/^[0-9a-f]{64}$/.test(hex)) return null;
  switch (coin) {
    case 'USDT-ERC20':
      return `0x${hex}`;
    case 'USDT-TRC20':
      return hex;
  }
}
