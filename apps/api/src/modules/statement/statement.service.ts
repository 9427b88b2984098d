import { addDays, formatAmount, localDate, wallClock, zonedInstant } from '@fairdraw/domain';
import type { CurrencyCode } from '@fairdraw/domain';
import { STATEMENT_CSV_TEXTS, EXPORT_MAX_MONTHS, HISTORY_MONTHS } from '@fairdraw/contract';
import type {
  StatementCause,
  StatementExportQuery,
  StatementHistory,
  StatementMovement,
  StatementWallet,
  Lang,
  ReferenceType,
} from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { accountOpenedAt, exportBounds, exportPage, historyPage, slipIssues } from './statement.repository.ts';
import type { MovementRow } from './statement.repository.ts';
import { BOM, csvCell, csvLine, csvNumber } from '../../lib/csv.ts';

/** Movements read per query while exporting: the export never holds more than one page. */
export const EXPORT_PAGE = 1000;

/** YYYY-MM-DD plus `months` calendar months (a day the month lacks runs over: 2026-03-31 − 1 month = 2026-03-03). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1 + months, d)).toISOString().slice(0, 10);
}

/** The cause of one posting, from its transaction's kind (and, for a withdrawal request, either side of it). */
export function causeOf(txKind: string): StatementCause {
  switch (txKind) {
    case 'deposit':
      return 'deposit';
    case 'withdrawal_request':
      return 'withdrawal_held';
    case 'withdrawal_paid':
      return 'withdrawal_paid';
    case 'withdrawal_rejected':
      return 'withdrawal_refunded';
    case 'stake':
    case 'chase_hold':
      return 'bet_staked';
    case 'payout':
      return 'bet_won';
    case 'refund':
    case 'chase_refund':
      return 'bet_refunded';
    case 'cancel':
      return 'bet_cancelled';
    case 'demo_grant':
      return 'demo_grant';
    case 'bonus':
    case 'rebate':
      return 'bonus';
    default:
      throw new Error(`account history: unknown transaction kind ${txKind}`);
  }
}

/** What a ledger reference names ('deposit:17', 'withdrawal:3', 'bet:9', 'bet-refund:9', 'bet-cancel:9'). */
export function referenceOf(reference: string): { ref_type: ReferenceType; ref_id: number | null } {
  const match = /^(deposit|withdrawal|bet|bet-refund|bet-cancel):(\d+)$/.exec(reference);
  if (!match) return { ref_type: 'other', ref_id: null };
  const type = match[1]?.startsWith('bet') ? 'slip' : (match[1] as 'deposit' | 'withdrawal');
  return { ref_type: type, ref_id: Number(match[2]) };
}

const walletOf = (row: MovementRow): StatementWallet => (row.account_kind === 'player_cash' ? 'balance' : 'frozen');

async function describe(
  db: Db,
  userId: number,
  rows: readonly (MovementRow & { balance_after: number })[],
): Promise<StatementMovement[]> {
  const refs = rows.map((r) => referenceOf(r.reference));
  const slips = [...new Set(refs.flatMap((r) => (r.ref_type === 'slip' && r.ref_id !== null ? [r.ref_id] : [])))];
  const issues = await slipIssues(db, userId, slips);
  return rows.map((row, i) => {
    const ref = refs[i] ?? { ref_type: 'other' as const, ref_id: null };
    return {
      id: row.id,
      at: new Date(row.at).getTime(),
      cause: causeOf(row.tx_kind),
      wallet: walletOf(row),
      amount: Number(row.amount),
      balance_after: Number(row.balance_after),
      ...ref,
      issue: ref.ref_type === 'slip' && ref.ref_id !== null ? (issues.get(ref.ref_id) ?? null) : null,
    };
  });
}

/** The day the player's account was opened (business time zone). */
async function openedDay(db: Db, userId: number, timeZone: string): Promise<string> {
  const opened = await accountOpenedAt(db, userId);
  if (!opened) throw new AppError('LOGIN_REQUIRED');
  return localDate(new Date(opened).getTime(), timeZone);
}

/**
 * The player's movements of the last HISTORY_MONTHS months (from the start of that business day), newest first.
 * Older movements are not listed; `since` says where the list stops.
 */
export async function getHistory(
  db: Db,
  userId: number,
  query: { page: number; limit: number },
  now: Date,
  timeZone: string,
): Promise<StatementHistory> {
  const today = localDate(now.getTime(), timeZone);
  const since = zonedInstant(addMonths(today, -HISTORY_MONTHS), 0, timeZone);
  const [opened, rows] = await Promise.all([
    openedDay(db, userId, timeZone),
    historyPage(db, userId, new Date(since), (query.page - 1) * query.limit, query.limit),
  ]);
  const list = await describe(db, userId, rows.slice(0, query.limit));
  return {
    list,
    page: query.page,
    limit: query.limit,
    has_more: rows.length > query.limit,
    since,
    opened,
    today,
    time_zone: timeZone,
  };
}

export type ExportRange = { from: Date; to: Date; filename: string };

/**
 * Checks an export's days: from ≤ to (EXPORT_RANGE_INVALID), at most EXPORT_MAX_MONTHS months (to before from +
 * 12 months, else EXPORT_RANGE_TOO_LONG), not before the day the account was opened (EXPORT_BEFORE_ACCOUNT). Returns
 * the half-open instant range [start of from, start of the day after to) in the business time zone.
 */
export async function exportRange(
  db: Db,
  userId: number,
  query: StatementExportQuery,
  timeZone: string,
): Promise<ExportRange> {
  if (query.from > query.to) throw new AppError('EXPORT_RANGE_INVALID', { field: 'to' });
  if (query.to >= addMonths(query.from, EXPORT_MAX_MONTHS)) {
    throw new AppError('EXPORT_RANGE_TOO_LONG', { field: 'to', params: { months: EXPORT_MAX_MONTHS } });
  }
  const opened = await openedDay(db, userId, timeZone);
  if (query.from < opened) {
    throw new AppError('EXPORT_BEFORE_ACCOUNT', { field: 'from', params: { date: opened } });
  }
  return {
    from: new Date(zonedInstant(query.from, 0, timeZone)),
    to: new Date(zonedInstant(addDays(query.to, 1), 0, timeZone)),
    filename: `account-history-${query.from}-to-${query.to}.csv`,
  };
}

/** 'YYYY-MM-DD HH:mm:ss' on the business time zone's wall clock. */
function wallTime(at: number, timeZone: string): string {
  return new Date(wallClock(at, timeZone)).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The export as CSV text in chunks: the BOM and the header row in the player's language, then one line per
 * movement, oldest first, read EXPORT_PAGE movements at a time by posting id (keyset), so the server holds one
 * page, never the whole range. Balances after each movement are exact: each account's sum before the range plus
 * the movements read so far.
 */
export async function* exportCsv(
  db: Db,
  userId: number,
  range: ExportRange,
  lang: Lang,
  currency: CurrencyCode,
  timeZone: string,
  pageSize = EXPORT_PAGE,
): AsyncGenerator<string> {
  const texts = STATEMENT_CSV_TEXTS[lang];
  yield BOM + csvLine(texts.header.map(csvCell));
  const bounds = await exportBounds(db, userId, range.from, range.to);
  if (!bounds) return;
  const balances = new Map(bounds.opening);
  let after = bounds.first - 1;
  for (;;) {
    const rows = await exportPage(db, userId, after, bounds.last, pageSize);
    if (rows.length === 0) return;
    const withBalance = rows.map((row) => {
      const balance = (balances.get(row.account_id) ?? 0) + Number(row.amount);
      balances.set(row.account_id, balance);
      return { ...row, balance_after: balance };
    });
    const moves = await describe(db, userId, withBalance);
    let chunk = '';
    for (const m of moves) {
      const ref = m.ref_type === 'other' ? '' : `${texts.refs[m.ref_type]} ${m.ref_id ?? ''}`.trim();
      chunk += csvLine([
        csvCell(wallTime(m.at, timeZone)),
        csvCell(texts.causes[m.cause]),
        csvCell(texts.wallets[m.wallet]),
        csvNumber(formatAmount(m.amount, currency)),
        csvNumber(formatAmount(m.balance_after, currency)),
        csvCell(currency),
        csvCell(m.issue ? `${ref} · ${m.issue}` : ref),
      ]);
    }
    yield chunk;
    after = rows[rows.length - 1]?.id ?? bounds.last;
    if (rows.length < pageSize) return;
  }
}
