import { useWatch, type Control } from 'react-hook-form';
import type { AdminPlay, AdminPlaysSaveRequest } from '@fairdraw/contract';
import { FormTextField } from '../../components/form-fields.tsx';
import { liveRtp, oddsText, type PlaysValues } from './game-plays-schema.ts';

// The cells of the plays editor that follow what is typed: each watches its own row's odds only.

export type PlaysCtx = { exponent: number; games_id: number; plays: readonly AdminPlay[] };
export type Row = { play: AdminPlay; index: number };

/** A play code as a test id (dots are not welcome in selectors). */
export const testKey = (code: string) => code.replaceAll('.', '-');

/** The odds from the next period, as typed (the RTP beside it follows). */
export function OddsInput({
  control,
  row,
  label,
}: {
  control: Control<PlaysValues, PlaysCtx, AdminPlaysSaveRequest>;
  row: Row;
  label: string;
}) {
  const typed = useWatch({ control, name: `items.${row.index}.odds_bps` });
  const rtp = liveRtp(row.play, typed ?? '');
  return (
    <FormTextField
      control={control}
      name={`items.${row.index}.odds_bps`}
      label={label}
      values={{ rtp: rtp ? rtp.percent.toFixed(2) : '' }}
      inputMode="decimal"
      autoComplete="off"
      className="num"
      testId={`play-odds-${testKey(row.play.code)}`}
    />
  );
}

/** The RTP at the odds being typed, red at 100 % or more (the save is refused then). */
export function RtpCell({
  control,
  row,
}: {
  control: Control<PlaysValues, PlaysCtx, AdminPlaysSaveRequest>;
  row: Row;
}) {
  const typed = useWatch({ control, name: `items.${row.index}.odds_bps` });
  const rtp = row.play.odds_editable
    ? liveRtp(row.play, typed ?? '')
    : liveRtp(row.play, oddsText(row.play.next.odds_bps));
  return (
    <span
      className={rtp && !rtp.ok ? 'num games-admin__rtp games-admin__rtp--bad' : 'num games-admin__rtp'}
      data-testid={`play-rtp-${testKey(row.play.code)}`}
    >
      {rtp ? `${rtp.percent.toFixed(2)} %` : '—'}
    </span>
  );
}
