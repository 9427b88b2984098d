import { lucky28Summary } from '../lib/derive.ts';
import { Tags } from './result-tags.tsx';

/** Lucky 28: three digits and their sum. */
export function Lucky28Result({ result, className }: { result: readonly number[]; className: string }) {
  const s = lucky28Summary(result);
  return (
    <div className={`${className} result--lucky28`} data-testid="result" data-family="lucky28">
      <span className="l28 num">
        {result.map((n, i) => (
          <span key={i} className="l28__part">
            {i > 0 && <span className="l28__op">+</span>}
            <span className="digit">{n}</span>
          </span>
        ))}
        <span className="l28__op">=</span>
        <span className={`l28__sum l28__sum--${s.size}`}>{s.sum}</span>
      </span>
      <Tags size={s.size} parity={s.parity} />
    </div>
  );
}
