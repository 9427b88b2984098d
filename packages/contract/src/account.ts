import { z } from 'zod';
import { paged, pageQuery } from './common.ts';
import type { Lang } from './langs.ts';

/**
 * Account history (issue 11): every movement of the player's own ledger accounts with its cause. One entry per
 * posting on the player's cash ("balance") or on what pending withdrawals hold ("frozen"), so a withdrawal request
 * shows twice: −X on the balance and +X on frozen. The sum of a wallet's entries is that wallet's change.
 */
export const ACCOUNT_CAUSES = [
  'deposit',
  'withdrawal_held',
  'withdrawal_paid',
  'withdrawal_refunded',
  'bet_staked',
  'bet_won',
  'bet_refunded',
  'demo_grant',
  'bonus',
] as const;
export type AccountCause = (typeof ACCOUNT_CAUSES)[number];

export const ACCOUNT_WALLETS = ['balance', 'frozen'] as const;
export type AccountWallet = (typeof ACCOUNT_WALLETS)[number];

/** What a movement's reference names: a deposit, a withdrawal or a bet slip (with its period's issue). */
export const REFERENCE_TYPES = ['deposit', 'withdrawal', 'slip', 'other'] as const;
export type ReferenceType = (typeof REFERENCE_TYPES)[number];

export const accountMovement = z.object({
  id: z.number().int(),
  /** Epoch ms when the ledger transaction was posted. */
  at: z.number().int(),
  cause: z.enum(ACCOUNT_CAUSES),
  wallet: z.enum(ACCOUNT_WALLETS),
  /** Signed change of `wallet`, in minor units. */
  amount: z.number().int(),
  /** `wallet`'s balance right after this movement (exact: the sum of the account's postings up to it). */
  balance_after: z.number().int(),
  ref_type: z.enum(REFERENCE_TYPES),
  ref_id: z.number().int().nullable(),
  /** A slip's period issue, else null. */
  issue: z.string().nullable(),
});
export type AccountMovement = z.infer<typeof accountMovement>;

/** How far back the history in the app goes; older movements are in the CSV export. */
export const HISTORY_MONTHS = 3;
/** The longest range one export may cover. */
export const EXPORT_MAX_MONTHS = 12;

export const accountHistoryQuery = pageQuery;

export const accountHistory = paged(accountMovement).extend({
  /** Epoch ms: movements before this are not listed (the last HISTORY_MONTHS months). */
  since: z.number().int(),
  /** YYYY-MM-DD, business time zone: the day the account was opened (the earliest an export may start). */
  opened: z.string(),
  /** YYYY-MM-DD, business time zone: today, as the server sees it. */
  today: z.string(),
  time_zone: z.string(),
});
export type AccountHistory = z.infer<typeof accountHistory>;

/** A calendar date YYYY-MM-DD that exists (2026-02-30 does not). */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => {
    const ms = Date.parse(`${s}T00:00:00Z`);
    return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === s;
  }, 'not a calendar date');

export const accountExportQuery = z.object({
  from: calendarDate.meta({ example: '2026-11-01' }),
  to: calendarDate.meta({ example: '2026-11-30' }),
});
export type AccountExportQuery = z.infer<typeof accountExportQuery>;

/** The export's words in each language: the header row, the causes and the wallets. */
export type AccountCsvTexts = {
  header: readonly [string, string, string, string, string, string, string];
  causes: Record<AccountCause, string>;
  wallets: Record<AccountWallet, string>;
  refs: Record<ReferenceType, string>;
};

export const ACCOUNT_CSV_TEXTS: Record<Lang, AccountCsvTexts> = {
  th: {
    header: ['เวลา', 'รายการ', 'บัญชี', 'จำนวนเงิน', 'ยอดคงเหลือหลังรายการ', 'สกุลเงิน', 'อ้างอิง'],
    causes: {
      deposit: 'ฝากเงินเข้า',
      withdrawal_held: 'พักยอดถอนเงิน',
      withdrawal_paid: 'จ่ายเงินถอนแล้ว',
      withdrawal_refunded: 'คืนยอดถอนเงิน',
      bet_staked: 'วางเดิมพัน',
      bet_won: 'ชนะเดิมพัน',
      bet_refunded: 'คืนเงินงวดที่ยกเลิก',
      demo_grant: 'เงินทดลองเล่น',
      bonus: 'โบนัส',
    },
    wallets: { balance: 'ยอดเงิน', frozen: 'ยอดที่ถูกพัก' },
    refs: { deposit: 'ฝาก', withdrawal: 'ถอน', slip: 'โพย', other: '' },
  },
  en: {
    header: ['Time', 'Movement', 'Account', 'Amount', 'Balance after', 'Currency', 'Reference'],
    causes: {
      deposit: 'Deposit credited',
      withdrawal_held: 'Withdrawal held',
      withdrawal_paid: 'Withdrawal paid',
      withdrawal_refunded: 'Withdrawal refunded',
      bet_staked: 'Bet staked',
      bet_won: 'Bet won',
      bet_refunded: 'Refund of a void period',
      demo_grant: 'Play money',
      bonus: 'Bonus',
    },
    wallets: { balance: 'Balance', frozen: 'Frozen' },
    refs: { deposit: 'Deposit', withdrawal: 'Withdrawal', slip: 'Slip', other: '' },
  },
  'zh-cn': {
    header: ['时间', '变动', '账户', '金额', '变动后余额', '币种', '参考'],
    causes: {
      deposit: '充值到账',
      withdrawal_held: '提现冻结',
      withdrawal_paid: '提现已付',
      withdrawal_refunded: '提现退回',
      bet_staked: '投注',
      bet_won: '中奖派彩',
      bet_refunded: '作废期退款',
      demo_grant: '试玩币',
      bonus: '彩金',
    },
    wallets: { balance: '余额', frozen: '冻结' },
    refs: { deposit: '充值', withdrawal: '提现', slip: '注单', other: '' },
  },
  'zh-hk': {
    header: ['時間', '變動', '帳戶', '金額', '變動後餘額', '幣種', '參考'],
    causes: {
      deposit: '充值到賬',
      withdrawal_held: '提現凍結',
      withdrawal_paid: '提現已付',
      withdrawal_refunded: '提現退回',
      bet_staked: '投注',
      bet_won: '中獎派彩',
      bet_refunded: '作廢期退款',
      demo_grant: '試玩幣',
      bonus: '彩金',
    },
    wallets: { balance: '餘額', frozen: '凍結' },
    refs: { deposit: '充值', withdrawal: '提現', slip: '注單', other: '' },
  },
  vi: {
    header: ['Thời gian', 'Biến động', 'Tài khoản', 'Số tiền', 'Số dư sau', 'Tiền tệ', 'Tham chiếu'],
    causes: {
      deposit: 'Nạp tiền thành công',
      withdrawal_held: 'Tạm giữ rút tiền',
      withdrawal_paid: 'Đã chi trả rút tiền',
      withdrawal_refunded: 'Hoàn tiền rút',
      bet_staked: 'Đặt cược',
      bet_won: 'Thắng cược',
      bet_refunded: 'Hoàn tiền kỳ bị hủy',
      demo_grant: 'Tiền chơi thử',
      bonus: 'Thưởng',
    },
    wallets: { balance: 'Số dư', frozen: 'Đóng băng' },
    refs: { deposit: 'Nạp', withdrawal: 'Rút', slip: 'Phiếu', other: '' },
  },
  pt: {
    header: ['Data e hora', 'Movimento', 'Conta', 'Valor', 'Saldo após', 'Moeda', 'Referência'],
    causes: {
      deposit: 'Depósito creditado',
      withdrawal_held: 'Saque retido',
      withdrawal_paid: 'Saque pago',
      withdrawal_refunded: 'Saque devolvido',
      bet_staked: 'Aposta feita',
      bet_won: 'Aposta ganha',
      bet_refunded: 'Reembolso de período anulado',
      demo_grant: 'Dinheiro de demonstração',
      bonus: 'Bônus',
    },
    wallets: { balance: 'Saldo', frozen: 'Congelado' },
    refs: { deposit: 'Depósito', withdrawal: 'Saque', slip: 'Bilhete', other: '' },
  },
};
