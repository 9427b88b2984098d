import { BankIcon } from './icons.tsx';

/** The small badge naming a channel or payout type: a bank, PIX, or the tether sign. */
export function MethodIcon({ type }: { type: 'bank' | 'pix' | 'crypto' }) {
  return (
    <span className={`channel__icon channel__icon--${type}`} aria-hidden="true">
      {type === 'bank' ? <BankIcon /> : type === 'pix' ? 'PIX' : '₮'}
    </span>
  );
}
