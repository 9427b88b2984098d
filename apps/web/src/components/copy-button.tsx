import { useTranslation } from 'react-i18next';
import { showToast } from '../lib/toast.ts';

/** Puts text on the clipboard; false when the browser would not. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers and insecure origins: a hidden textarea and execCommand.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

/** Copies a value (account number, address, BR Code) and says so. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn btn--ghost btn--small copy-btn"
      aria-label={t('common.copyWhat', { what: label })}
      onClick={() =>
        void copyText(text).then((ok) =>
          showToast(ok ? t('common.copied') : t('common.copyFailed'), ok ? 'info' : 'error'),
        )
      }
    >
      {t('common.copy')}
    </button>
  );
}

/**
 * A labelled value with a copy button; long values wrap inside the column, never widen the page. `copy={false}` lays
 * out a part not worth copying (bank name, coin, key type) the same way, without the button.
 */
export function CopyRow(props: { label: string; value: string; testId?: string; copy?: boolean }) {
  const { label, value, testId, copy = true } = props;
  return (
    <div className="copy-row">
      <div className="copy-row__text">
        <span className="copy-row__label">{label}</span>
        <span className="copy-row__value" data-testid={testId}>
          {value}
        </span>
      </div>
      {copy && <CopyButton text={value} label={label} />}
    </div>
  );
}
