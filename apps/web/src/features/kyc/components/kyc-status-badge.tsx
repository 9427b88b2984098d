import { useTranslation } from 'react-i18next';

const TONE = { none: 'wait', pending: 'wait', verified: 'ok', rejected: 'bad' } as const;
const MARK = { ok: '✓', wait: '…', bad: '✕' } as const;

/** A verification status in words and colour (never colour alone), plus a mark. */
export function KycStatusBadge({ status }: { status: keyof typeof TONE }) {
  const { t } = useTranslation();
  const tone = TONE[status];
  return (
    <span className={`status status--${tone}`} data-testid="kyc-badge" data-status={status}>
      <span aria-hidden="true">{MARK[tone]}</span> {t(`kyc.status.${status}`)}
    </span>
  );
}
