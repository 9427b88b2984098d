import { exponentOf } from '@fairdraw/domain/currency';
import { formatMoney } from './langs.ts';
import type { Lang } from './langs.ts';
import type { MessageParams, SystemMessageKind } from './inbox.ts';
import th from '../locales/th/messages.json' with { type: 'json' };
import en from '../locales/en/messages.json' with { type: 'json' };
import zhCn from '../locales/zh-cn/messages.json' with { type: 'json' };
import zhHk from '../locales/zh-hk/messages.json' with { type: 'json' };
import vi from '../locales/vi/messages.json' with { type: 'json' };
import pt from '../locales/pt/messages.json' with { type: 'json' };

type Catalogue = typeof en;
const CATALOGUES: Record<Lang, Catalogue> = { th, en, 'zh-cn': zhCn, 'zh-hk': zhHk, vi, pt };

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

/** An amount as the web shows it in `lang` ("฿1,234.50" in Thai), in its currency's own exponent. */
function amountText(amount: unknown, currency: unknown, lang: Lang): string {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) return '';
  const code = typeof currency === 'string' && /^[A-Z]{3,4}$/.test(currency) ? currency : null;
  return code ? formatMoney(amount, code, exponentOf(code), lang) : String(amount);
}

/**
 * A system message in `lang`: the catalogue's title and body for its kind with the stored parameters filled in:
 * amounts as the web shows them in the reader's language ("฿1,234.50" in Thai, "THB 1,234.50" in English; in
 * `siteCurrency` unless the message names its own), a name in the reader's
 * language, a limit's kind and period in words, a missing reason as "not given".
 */
export function renderSystemMessage(
  kind: SystemMessageKind,
  params: MessageParams,
  lang: Lang,
  siteCurrency: string,
): { title: string; body: string } {
  const c = CATALOGUES[lang];
  const values: Record<string, string> = {};
  for (const [name, v] of Object.entries(params)) {
    values[name] = v === null ? '' : typeof v === 'object' ? (v[lang] ?? v.th) : String(v);
  }
  values.amount = amountText(params.amount, params.currency ?? siteCurrency, lang);
  if ('reason' in params && !values.reason) values.reason = c.words.no_reason;
  let entry: { title: string; body: string } = c[kind];
  if (kind === 'limit_effective') {
    const words = c.words as Record<string, string>;
    values.limit = words[`limit_${values.limit ?? ''}`] ?? values.limit ?? '';
    values.period = words[`period_${values.period ?? ''}`] ?? values.period ?? '';
    if (params.amount === null) entry = c.limit_removed;
  }
  if (kind === 'chase_stopped') {
    const words = c.words as Record<string, string>;
    values.why = words[`chase_${values.why ?? ''}`] ?? c.words.chase_other;
  }
  return { title: fill(entry.title, values), body: fill(entry.body, values) };
}
