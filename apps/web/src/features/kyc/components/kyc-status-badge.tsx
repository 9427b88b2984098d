import { useTranslation } from 'react-i18next';

const TONE = { none: 'none', pending: 'wait', verified: 'ok', rejected: 'bad' } as const;
/** Not verified is not waiting for anything: its own mark and a plain tone, not Pending's. */
const MARK = { none: '○', pending: '…', verified: '✓', rejected: '✕' } as const;

/** A verification status in words and colour (never colour alone), plus a mark. */
export function KycStatusBadge({ status }: { status: keyof typeof TONE }) {
  const { t } = useTranslation();
  const tone = TONE[status];
  return (
    <span className={`status status--${tone}`} data-testid="kyc-badge" data-status={status}>
      <span aria-hidden="true">{MARK[status]}</span> {t(`kyc.status.${status}`)}
    </span>
  );
}
