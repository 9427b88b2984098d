import { useTranslation } from 'react-i18next';

const TONE: Record<string, 'ok' | 'wait' | 'bad'> = { success: 'ok', paid: 'ok', pending: 'wait', rejected: 'bad' };
const MARK = { ok: '✓', wait: '…', bad: '✕' } as const;

/** A status in words and colour (never colour alone), plus a mark. */
export function StatusBadge({ status, kind }: { status: string; kind: 'deposit' | 'withdrawal' }) {
  const { t } = useTranslation();
  const tone = TONE[status] ?? 'wait';
  return (
    <span className={`status status--${tone}`} data-testid="record-status" data-status={status}>
      <span aria-hidden="true">{MARK[tone]}</span> {t(`status.${kind}.${status}`)}
    </span>
  );
}
