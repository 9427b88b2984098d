import { currencyExponent, isCurrencyCode } from '@fairdraw/domain/currency';

// The exponent of a currency by code: the domain's (re-exported for the screens that import it from here).
export { exponentOf } from '@fairdraw/domain/currency';
import { toChannelAmount } from '@fairdraw/domain/exchange-rate';

export type ChannelAmount = { minor: number; currency: string; exponent: number };

/**
 * What the player pays through a channel for `siteMinor` of the site's currency: the API's own conversion (domain
 * toChannelAmount, rounded up to the channel's minor unit), so the screen shows exactly what the deposit will ask.
 * Null when the channel is in the site's currency (nothing to convert) or the amount cannot be converted.
 */
export function channelAmount(
  siteMinor: number,
  site: string,
  channel: { currency: string; rate: string | null },
): ChannelAmount | null {
  if (channel.currency === site || !isCurrencyCode(site) || !isCurrencyCode(channel.currency)) return null;
  try {
    const minor = toChannelAmount(siteMinor, site, channel.currency, channel.rate);
    return { minor, currency: channel.currency, exponent: currencyExponent(channel.currency) };
  } catch {
    return null;
  }
}
