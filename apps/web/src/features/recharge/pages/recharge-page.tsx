import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Deposit, RechargeChannel, RechargeSubmitRequest } from '@fairdraw/contract';
import { MethodIcon } from '../../../components/method-icon.tsx';
import { AmountField } from '../../../components/amount-field.tsx';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { EmptyState, ErrorState, NoticeState } from '../../../components/states.tsx';
import { FormError, TextField } from '../../../components/text-field.tsx';
import { IdempotencyKeys } from '../../../lib/idempotency.ts';
import { parseAmount } from '../../../lib/money.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { useMoney, useWallet } from '../../../lib/wallet.ts';
import { pageKey } from '../../../app/routes.ts';
import { useChannels } from '../api/get-channels.ts';
import { useSubmitDeposit } from '../api/submit-deposit.ts';
import { DepositResult } from '../components/deposit-result.tsx';
import { HouseDetails } from '../components/house-details.tsx';
import { PayAmount } from '../components/pay-amount.tsx';

const QUICK = [100, 500, 1000, 5000, 10000] as const;
const BANK_FIELDS = ['payee', 'account_number', 'bank', 'deposit_time', 'payer_name'] as const;
type BankField = (typeof BANK_FIELDS)[number];
const FIELD_ERRORS: readonly string[] = [...BANK_FIELDS, 'tx_hash'];

/** /recharge and its aliases (/chongZhi, /deposit, /hyChong, /transferBank preselects bank transfer). */
export function RechargePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useSession();
  const wallet = useWallet();
  const demo = user?.is_guest || wallet.data?.demo;
  return (
    <CashierPage title={t(pageKey(pathname))}>
      {demo ? (
        <NoticeState text={t('errors:DEMO_NOT_ALLOWED')} testId="demo-deposit">
          <Link to="/register" className="btn btn--primary">
            {t('auth.toRegister')}
          </Link>
        </NoticeState>
      ) : (
        <DepositForm preferBank={pathname.toLowerCase() === '/transferbank'} />
      )}
    </CashierPage>
  );
}

function DepositForm({ preferBank }: { preferBank: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const channels = useChannels(lang, true);
  const { format, exponent, currency } = useMoney();
  const [picked, setPicked] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [fields, setFields] = useState<Record<BankField | 'tx_hash', string>>({
    payee: '',
    account_number: '',
    bank: '',
    deposit_time: '',
    payer_name: '',
    tx_hash: '',
  });
  const [result, setResult] = useState<Deposit | null>(null);
  // One key per opened form; retries of the same submission reuse it (lib/idempotency).
  const [keys] = useState(() => new IdempotencyKeys());
  const submit = useSubmitDeposit();
  const { setError, busy, run, fieldError, formError, invalid } = useSubmit();

  if (channels.isPending) {
    return (
      <div className="stack" aria-busy="true">
        <Skeleton style={{ height: 64 }} />
        <Skeleton style={{ height: 64 }} />
        <Skeleton style={{ height: 48 }} />
      </div>
    );
  }
  if (channels.isError) return <ErrorState error={channels.error} onRetry={() => void channels.refetch()} />;
  if (channels.data.length === 0) return <EmptyState text={t('recharge.noChannels')} />;

  const list = channels.data;
  const defaultId = preferBank ? (list.find((c) => c.type === 'bank')?.id ?? null) : null;
  const channel: RechargeChannel | undefined = list.find((c) => c.id === (picked ?? defaultId));

  if (result) {
    return (
      <DepositResult
        deposit={result}
        onAgain={() => {
          setResult(null);
          setAmount('');
        }}
      />
    );
  }

  const set = (k: keyof typeof fields) => (v: string) => setFields((f) => ({ ...f, [k]: v }));
  const fail = (key: string, field?: string, opts?: Record<string, string>) =>
    setError({ text: t(`errors:${key}`, opts ?? {}), field });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // Client checks in the server's order: channel → amount → the channel's fields.
    if (!channel) return fail('CHANNEL_REQUIRED', 'channel_id');
    const parsed = parseAmount(amount, exponent);
    if (parsed.kind === 'empty') return fail('AMOUNT_REQUIRED', 'amount');
    if (parsed.kind === 'invalid' || parsed.minor === 0) return fail('AMOUNT_INVALID', 'amount');
    if (parsed.minor < channel.min) return fail('AMOUNT_BELOW_MIN', 'amount', { min: format(channel.min) });
    if (parsed.minor > channel.max) return fail('AMOUNT_ABOVE_MAX', 'amount', { max: format(channel.max) });
    const body: RechargeSubmitRequest = { channel_id: channel.id, amount: parsed.minor };
    if (channel.type === 'bank') {
      const missing = BANK_FIELDS.find((f) => !fields[f].trim());
      if (missing) return fail('REQUIRED_FIELDS', missing);
      const time = new Date(fields.deposit_time).getTime();
      if (!Number.isFinite(time)) return fail('REQUIRED_FIELDS', 'deposit_time');
      Object.assign(body, {
        payee: fields.payee.trim(),
        account_number: fields.account_number.trim(),
        bank: fields.bank.trim(),
        deposit_time: time,
        payer_name: fields.payer_name.trim(),
      });
    }
    if (channel.type === 'crypto') {
      if (!fields.tx_hash.trim()) return fail('REQUIRED_FIELDS', 'tx_hash');
      body.tx_hash = fields.tx_hash.trim();
    }
    void run(
      () => keys.send(body, (key) => submit.mutateAsync({ body, key })),
      (deposit) => setResult(deposit),
    );
  };

  const typed = parseAmount(amount, exponent);
  const chips = QUICK.map((n) => n * 10 ** exponent)
    .filter((m) => !channel || (m >= channel.min && m <= channel.max))
    .map((m) => ({ label: format(m), value: String(m / 10 ** exponent) }));

  return (
    <form className="form form--page" onSubmit={onSubmit} noValidate>
      <fieldset className="channels" aria-invalid={invalid('channel_id') || undefined}>
        <legend className="field__label">{t('recharge.chooseChannel')}</legend>
        {list.map((c) => (
          <button
            key={c.id}
            type="button"
            className="channel"
            aria-pressed={c.id === channel?.id}
            data-testid={`channel-${c.id}`}
            onClick={() => {
              setPicked(c.id);
              setError(null);
            }}
          >
            <MethodIcon type={c.type} />
            <span className="channel__text">
              <span className="channel__name">{c.name}</span>
              <span className="channel__limits num">
                {t('recharge.limits', { min: format(c.min), max: format(c.max) })}
                {c.currency !== currency && ` · ${c.currency}`}
              </span>
            </span>
          </button>
        ))}
      </fieldset>

      {channel && <HouseDetails channel={channel} />}

      <AmountField
        value={amount}
        onValue={setAmount}
        testId="deposit-amount"
        invalid={invalid('amount')}
        hint={channel ? t('recharge.limits', { min: format(channel.min), max: format(channel.max) }) : undefined}
        chips={chips}
      />

      {channel && <PayAmount channel={channel} siteMinor={typed.kind === 'ok' ? typed.minor : null} />}

      {channel?.type === 'bank' && (
        <fieldset className="form">
          <legend className="field__label">{t('recharge.yourTransfer')}</legend>
          <TextField
            label={t('recharge.payee')}
            name="payee"
            value={fields.payee}
            onValue={set('payee')}
            invalid={invalid('payee')}
            error={fieldError('payee')}
            testId="transfer-payee"
          />
          <TextField
            label={t('recharge.accountNumber')}
            name="account_number"
            inputMode="numeric"
            value={fields.account_number}
            onValue={set('account_number')}
            invalid={invalid('account_number')}
            error={fieldError('account_number')}
            testId="transfer-account"
          />
          <TextField
            label={t('recharge.bank')}
            name="bank"
            value={fields.bank}
            onValue={set('bank')}
            invalid={invalid('bank')}
            error={fieldError('bank')}
            testId="transfer-bank"
          />
          <TextField
            label={t('recharge.depositTime')}
            name="deposit_time"
            type="datetime-local"
            value={fields.deposit_time}
            onValue={set('deposit_time')}
            invalid={invalid('deposit_time')}
            error={fieldError('deposit_time')}
            testId="transfer-time"
          />
          <TextField
            label={t('recharge.payerName')}
            name="payer_name"
            autoComplete="name"
            value={fields.payer_name}
            onValue={set('payer_name')}
            invalid={invalid('payer_name')}
            error={fieldError('payer_name')}
            testId="transfer-payer"
          />
        </fieldset>
      )}
      {channel?.type === 'crypto' && (
        <TextField
          label={t('recharge.txHash')}
          name="tx_hash"
          autoCapitalize="none"
          spellCheck={false}
          value={fields.tx_hash}
          onValue={set('tx_hash')}
          invalid={invalid('tx_hash')}
          error={fieldError('tx_hash')}
          testId="deposit-txhash"
        />
      )}

      <FormError text={formError(FIELD_ERRORS)} />
      <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid="deposit-submit">
        {busy ? t('auth.submitting') : t('recharge.submit')}
      </button>
      <p className="hint">{t('recharge.safety')}</p>
    </form>
  );
}
