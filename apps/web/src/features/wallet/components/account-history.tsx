import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import {
  statementExportQuery,
  type StatementExportQuery,
  type StatementHistory,
  type StatementMovement,
} from '@fairdraw/contract';
import { FormTextField } from '../../../components/form-fields.tsx';
import { FormError } from '../../../components/text-field.tsx';
import { errorText, reportServerError } from '../../../lib/form-errors.ts';
import { contractResolver } from '../../../lib/forms.ts';
import { PagedList } from '../../../components/paged-list.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useMoney } from '../../../lib/wallet.ts';
import { useAccountHistory } from '../api/get-history.ts';
import { downloadExport } from '../api/export-csv.ts';
import '../wallet.css';

/** YYYY-MM-DD plus calendar months (a day the month lacks runs over, as on the server). */
function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1 + months, d)).toISOString().slice(0, 10);
}

/** The wallet's History tab: a CSV export of chosen days and the movements of the last three months. */
export function AccountHistoryView({ token }: { token: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const list = useAccountHistory(token, lang);
  const first = list.data?.pages[0] as StatementHistory | undefined;
  return (
    <>
      {first && <ExportForm key={`${first.opened}:${first.today}`} opened={first.opened} today={first.today} />}
      <h2 className="history-title">{t('wallet.historyTitle')}</h2>
      <PagedList
        query={list}
        empty={t('wallet.historyEmpty')}
        itemKey={(m) => m.id}
        render={(m) => <MovementRow m={m} />}
      />
      {first && !list.hasNextPage && (
        <p className="history-older" data-testid="history-older">
          {t('wallet.historyOlder', { date: formatDateTime(first.since, lang, first.time_zone, { withYear: true }) })}
        </p>
      )}
    </>
  );
}

const EXPORT_FIELDS = ['from', 'to'] as const;

/** The CSV export: two days, checked by the contract's statementExportQuery; the range rules are the server's. */
function ExportForm({ opened, today }: { opened: string; today: string }) {
  const { t } = useTranslation();
  const lastMonth = addMonths(today, -1);
  const form = useForm<StatementExportQuery, unknown, StatementExportQuery>({
    resolver: contractResolver(() => statementExportQuery),
    defaultValues: { from: lastMonth < opened ? opened : lastMonth, to: today },
  });
  const submit = form.handleSubmit(async ({ from, to }) => {
    try {
      await downloadExport(from, to);
    } catch (e) {
      reportServerError(form.setError, e, EXPORT_FIELDS);
    }
  });
  const { errors, isSubmitting } = form.formState;
  const dateProps = { type: 'date', min: opened, max: today, required: true } as const;
  return (
    <form className="panel history-export" onSubmit={(e) => void submit(e)} data-testid="history-export">
      <h2 className="panel__title">{t('wallet.exportTitle')}</h2>
      <div className="history-export__dates">
        <FormTextField
          control={form.control}
          name="from"
          label={t('wallet.exportFrom')}
          testId="export-from"
          {...dateProps}
        />
        <FormTextField
          control={form.control}
          name="to"
          label={t('wallet.exportTo')}
          testId="export-to"
          {...dateProps}
        />
      </div>
      <span className="field__hint">{t('wallet.exportHint')}</span>
      <FormError text={errorText(t, errors.root?.server)} testId="export-error" />
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={isSubmitting}
        data-testid="export-download"
      >
        {isSubmitting ? t('common.loading') : t('wallet.exportDownload')}
      </button>
    </form>
  );
}

function MovementRow({ m }: { m: StatementMovement }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { format, formatSigned } = useMoney();
  const ref = m.ref_type === 'other' || m.ref_id === null ? '' : t(`wallet.ref.${m.ref_type}`, { id: m.ref_id });
  return (
    <div className="record" data-testid="history-item" data-cause={m.cause}>
      <div className="record__main">
        <span className="record__title">
          {t(`wallet.cause.${m.cause}`)}
          {m.wallet === 'frozen' && <span className="movement__tag">{t('wallet.frozen')}</span>}
        </span>
        <span
          className={`record__amount num movement__amount--${m.amount > 0 ? 'in' : 'out'}`}
          data-testid="history-amount"
        >
          {formatSigned(m.amount)}
        </span>
      </div>
      <div className="record__meta">
        <span>
          {formatDateTime(m.at, lang)}
          {ref && ` · ${ref}`}
          {m.issue && ` · ${m.issue}`}
        </span>
        <span>
          {t(m.wallet === 'frozen' ? 'wallet.frozenAfter' : 'wallet.balanceAfter')}{' '}
          <span className="num">{format(m.balance_after)}</span>
        </span>
      </div>
    </div>
  );
}
