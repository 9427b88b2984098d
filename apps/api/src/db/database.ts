import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import type { ColumnType, Generated, Insertable, JSONColumnType, LogEvent, Selectable } from 'kysely';
import pg from 'pg';
import type { Lang, Role } from '@fairdraw/contract';
import type { FundPasswordAttemptsTable, PayoutMethodsTable } from './tables-payouts.ts';
import type {
  AuditLogTable,
  IdempotencyKeysTable,
  LedgerAccountsTable,
  LedgerPostingsTable,
  LedgerTransactionsTable,
  SettingsTable,
} from './tables-ledger.ts';
import type { DepositsTable, PaymentProviderSecretsTable, RechargeChannelsTable } from './tables-deposits.ts';
import type { WithdrawalsTable } from './tables-withdrawals.ts';
import type {
  GameSchedulesTable,
  GameScheduleVersionsTable,
  PeriodsTable,
  PlayItemsTable,
  PlayItemVersionsTable,
} from './tables-games.ts';
import type {
  BetCashWinsTable,
  BetItemsTable,
  BetPeriodStakesTable,
  BetsTable,
  ChasePeriodsTable,
  ChasesTable,
} from './tables-bets.ts';
import type { KycSubmissionsTable } from './tables-kyc.ts';
import type { BroadcastReadsTable, BroadcastsTable, MessagesTable } from './tables-messages.ts';
import type {
  PlayerLimitNoticesTable,
  PlayerLimitsTable,
  PlayerPromptsTable,
  RealityChecksTable,
  SelfExclusionsTable,
} from './tables-protection.ts';
import type { SupportConversationsTable, SupportMessagesTable } from './tables-support.ts';
import type { PromotionsTable } from './tables-content.ts';
import type { ReportDailyTable, ReportDaysTable } from './tables-report.ts';
import type { UploadQuotaDaysTable } from './tables-uploads.ts';
import type { BonusRebateDaysTable, BonusRebateRatesTable, BonusRebatesTable } from './tables-bonus.ts';

/** Text in every language the product speaks, stored as jsonb; Thai is the fallback. */
export type LocalizedText = Partial<Record<Lang, string>> & { th: string };

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** A time the code writes on insert from the app's clock (no database default: `now()` is another clock; 0040). */
type StampedAt = ColumnType<Date, Date | string, never>;

export interface UsersTable {
  id: Generated<number>;
  account: string;
  password_hash: string | null;
  nickname: string;
  avatar: string;
  role: Role;
  is_guest: boolean;
  created_at: StampedAt;
  /** argon2id of the six-digit fund (withdrawal) password; null until set (migration 0004). */
  fund_password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set while an operator has frozen the player: no bets, no deposits (migration 0030). */
  frozen_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  frozen_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** After an operator's password reset, until the player has chosen his own (migration 0030). */
  must_change_password: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  /** sha256 hex of the token; the token itself is never stored. */
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
  revoked_at: Date | null;
}

/** Failed-login counters, one row per (scope, key): scope 'account' (lower-cased account) or 'ip'. */
export interface LoginAttemptsTable {
  /** 'client': one account from one client (key: account, newline, IP); 'account': all clients (migration 0037). */
  scope: 'account' | 'ip' | 'client';
  key: string;
  failures: number;
  window_started_at: Date;
  locked_until: Date | null;
}

/** When the owner was last told that a client was locked out of his account (migration 0037). */
export interface LoginLockNoticesTable {
  user_id: number;
  notified_at: Date;
}

/** A user's TOTP secret, encrypted (modules/auth/totp-key.ts); enabled once its first code is confirmed. */
export interface UserTotpTable {
  user_id: number;
  secret_enc: string;
  created_at: Date;
  enabled_at: Date | null;
  /** The time step of the last code accepted: a code of that step or earlier is refused (replay). */
  last_step: number | null;
}

/** sha-256 (hex) of one recovery code; used_at once it has been used (migration 0037). */
export interface UserRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Date | null;
}

/** The second step of a login: sha-256 (hex) of its token, short-lived and used once (migration 0037). */
export interface LoginChallengesTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface GameCategoriesTable {
  id: Generated<number>;
  code: string;
  name: JSONColumnType<LocalizedText, string, string>;
  sort: number;
}

export interface GamesTable {
  id: Generated<number>;
  code: string;
  family: string;
  name: JSONColumnType<LocalizedText, string, string>;
  image: string;
  category_id: number;
  sort: number;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  /** The game's own per-player per-period stake limit (minor units), or null: only the site-wide one (0033). */
  period_max_per_player: ColumnType<number | null, number | null | undefined, number | null>;
  /** Whether players may cancel a slip of the game before its period's seal (0039; default true). */
  cancel_enabled: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface BannersTable {
  id: Generated<number>;
  image: string;
  url: string | null;
  title: JSONColumnType<LocalizedText, string, string>;
  sort: number;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  /** Per-language images (migration 0028); a language without one shows `image`. */
  images: ColumnType<Partial<Record<Lang, string>>, string | undefined, string>;
  /** The schedule (migration 0028): shown from `starts_at` until `ends_at`; null is open. */
  starts_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  ends_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface NoticesTable {
  id: Generated<number>;
  body: JSONColumnType<LocalizedText, string, string>;
  sort: number;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  login_lock_notices: LoginLockNoticesTable;
  user_totp: UserTotpTable;
  user_recovery_codes: UserRecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  game_categories: GameCategoriesTable;
  games: GamesTable;
  banners: BannersTable;
  notices: NoticesTable;
  payout_methods: PayoutMethodsTable;
  fund_password_attempts: FundPasswordAttemptsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_postings: LedgerPostingsTable;
  audit_log: AuditLogTable;
  idempotency_keys: IdempotencyKeysTable;
  settings: SettingsTable;
  recharge_channels: RechargeChannelsTable;
  deposits: DepositsTable;
  payment_provider_secrets: PaymentProviderSecretsTable;
  withdrawals: WithdrawalsTable;
  game_schedules: GameSchedulesTable;
  play_items: PlayItemsTable;
  play_item_versions: PlayItemVersionsTable;
  game_schedule_versions: GameScheduleVersionsTable;
  periods: PeriodsTable;
  /**
   * The slips as placed and as the settlement wrote them. A slip that lost everything is not written (migration
   * 0045): read a slip's status, payout or settled time in bet_results, never here.
   */
  bets: BetsTable;
  /**
   * A view (migration 0045): the slips with their result as read — a slip still 'unsettled' in a settled period is
   * lost, pays 0 and was settled with its period.
   */
  bet_results: Readonly<Omit<BetsTable, 'code' | 'odds_bps'>>;
  bet_items: BetItemsTable;
  /**
   * A view (migrations 0043, 0045): the items with their result as read — a one-item slip's item, which the
   * settlement leaves as placed, has its slip's status and payout (bet_results). Read an item's status or payout
   * here, never in bet_items.
   */
  bet_item_results: Readonly<BetItemsTable>;
  bet_cash_wins: BetCashWinsTable;
  bet_period_stakes: BetPeriodStakesTable;
  chases: ChasesTable;
  chase_periods: ChasePeriodsTable;
  self_exclusions: SelfExclusionsTable;
  kyc_submissions: KycSubmissionsTable;
  messages: MessagesTable;
  broadcasts: BroadcastsTable;
  broadcast_reads: BroadcastReadsTable;
  player_limits: PlayerLimitsTable;
  player_limit_notices: PlayerLimitNoticesTable;
  reality_checks: RealityChecksTable;
  player_prompts: PlayerPromptsTable;
  bonus_rebate_rates: BonusRebateRatesTable;
  bonus_rebate_days: BonusRebateDaysTable;
  bonus_rebates: BonusRebatesTable;
  support_conversations: SupportConversationsTable;
  support_messages: SupportMessagesTable;
  promotions: PromotionsTable;
  report_daily: ReportDailyTable;
  report_days: ReportDaysTable;
  upload_quota_days: UploadQuotaDaysTable;
}

export type Db = Kysely<Database>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

/**
 * bigint (int8) columns — balances, amounts, counts — as JS numbers. Every amount is a safe integer (money.ts), so a
 * value outside the safe range is a fault and fails loudly instead of losing precision. pg returns int8 as a string
 * and PGlite as a number (or a BigInt when unsafe); both go through this one parser so they behave the same.
 */
export function parseInt8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value outside the safe integer range: ${text}`);
  return n;
}
pg.types.setTypeParser(pg.types.builtins.INT8, parseInt8);

export type DbOptions = {
  databaseUrl: string | undefined;
  dataDir: string;
  /** Told when an idle pooled connection dies (server restart, terminated backend); the pool replaces it. */
  onConnectionError?: (err: Error) => void;
  /** Told of every statement run, inside transactions too (tests count what an operation costs). */
  onQuery?: (sql: string) => void;
  /** Embedded only: start from this dump of a data directory (PGlite `dumpDataDir`) instead of an empty one. */
  loadDataDir?: Blob;
  /**
   * PostgreSQL only: give up connecting after this many ms, and a query after `queryTimeoutMs` (the replica's pool:
   * a read that cannot have the replica goes to the primary instead of waiting). Unset: pg's defaults (no limit).
   */
  connectTimeoutMs?: number;
  queryTimeoutMs?: number;
};

/** Calls `onPayload` for each notification on `channel` (NOTIFY, after its transaction commits); resolves to stop. */
export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;

const embedded = new WeakMap<Db, Listen>();

/** LISTEN on an embedded PGlite database (in process), or undefined for PostgreSQL (pg-listen.ts there). */
export function embeddedListen(db: Db): Listen | undefined {
  return embedded.get(db);
}

/**
 * PostgreSQL when DATABASE_URL is set (a real site), else embedded PGlite under dataDir (a demo that needs no
 * server). One SQL dialect either way. 'memory://' gives a throw-away in-memory PGlite for tests.
 */
export function createDb(options: DbOptions): Db {
  const { onQuery } = options;
  const log = onQuery ? { log: (event: LogEvent) => onQuery(event.query.sql) } : {};
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.connectTimeoutMs ? { connectionTimeoutMillis: options.connectTimeoutMs } : {}),
      ...(options.queryTimeoutMs ? { query_timeout: options.queryTimeoutMs } : {}),
    });
    // Without a listener, an idle client's error (e.g. PostgreSQL restarting) would crash the whole process.
    pool.on('error', (err) => options.onConnectionError?.(err));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...log });
  }
  const parsers = { [pg.types.builtins.INT8]: parseInt8 };
  const from = options.loadDataDir ? { loadDataDir: options.loadDataDir } : {};
  const pglite =
    options.dataDir === 'memory://'
      ? new PGlite({ parsers, ...from })
      : new PGlite(options.dataDir, { parsers, ...from });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), ...log });
  embedded.set(db, async (channel, onPayload) => {
    const stop = await pglite.listen(channel, onPayload);
    return () => stop();
  });
  return db;
}

/** Picks the text of a language, falling back to Thai. */
export function localize(text: LocalizedText, lang: Lang): string {
  return text[lang] ?? text.th;
}
