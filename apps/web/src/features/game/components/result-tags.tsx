import { useTranslation } from 'react-i18next';
import type { Parity, Size } from '../lib/derive.ts';

/** Big/small and odd/even in words (never colour alone). */
export function Tags({ size, parity, extra }: { size?: Size; parity?: Parity; extra?: string }) {
  const { t } = useTranslation();
  return (
    <span className="result__tags">
      {extra && <span className="result__tag result__tag--strong">{extra}</span>}
      {size && <span className={`result__tag result__tag--${size}`}>{t(`draw.${size}`)}</span>}
      {parity && <span className="result__tag">{t(`draw.${parity}`)}</span>}
    </span>
  );
}
