import '../protection.css';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExclusionChoice, ExclusionKind, Lang, ProtectionState } from '@fairdraw/contract';
import { useModalDialog } from '../../../components/dialog.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { FormError, TextField } from '../../../components/text-field.tsx';
import { formatTime } from '../../../lib/format.ts';
import { showToast } from '../../../lib/toast.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { useExclude, useProtection } from '../api/protection.ts';

/** A break's end with the year and the business time zone named: a self-exclusion can last five years. */
export function formatUntil(epochMs: number, lang: Lang, timeZone: string): string {
  return formatTime(epochMs, lang, timeZone, { withYear: true });
}

function PauseIcon() {
  return (
    <svg className="protection__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <circle cx="12" cy="12" r="11" fill="currentColor" opacity="0.15" />
      <rect x="8" y="7" width="3" height="10" rx="1" fill="currentColor" />
      <rect x="13" y="7" width="3" height="10" rx="1" fill="currentColor" />
    </svg>
  );
}

/**
 * Time-out and self-exclusion (docs/trust.md 30) on the My page: the running break ("Time-out until …"), or the way to
 * take one. Choosing opens a sheet with the lengths, what a break means (it cannot be ended early), the login
 * password and a confirmation box.
 */
export function ProtectionSection({ token, placement }: { token: string; placement: 'status' | 'menu' }) {
  const { t } = useTranslation();
  const lang = useLang();
  const state = useProtection(token, true);
  const [open, setOpen] = useState(false);

  // A running break is news: it shows near the top ('status'). Otherwise the way to take one sits with the other
  // account settings ('menu'). Both places read the same query.
  const running = !!state.data?.active;
  if ((placement === 'status') !== running) return null;
  if (state.isPending) {
    return (
      <section className="panel protection" aria-busy="true">
        <Skeleton className="skeleton--line" style={{ width: '50%' }} />
        <Skeleton className="skeleton--line" />
      </section>
    );
  }
  // The rest of the page works without this section; a failed load offers a retry in place.
  if (state.isError) {
    return (
      <section className="panel protection">
        <h2 className="panel__title">{t('protection.title')}</h2>
        <button type="button" className="btn btn--ghost btn--small" onClick={() => void state.refetch()}>
          {t('common.retry')}
        </button>
      </section>
    );
  }
  const data = state.data;
  const active = data.active;
  const canLengthen = data.choices.some((c) => c.allowed);
  const until = active ? formatUntil(active.ends_at, lang, data.time_zone) : '';

  return (
    <section
      className={`panel protection${active ? ' protection--active' : ''}`}
      aria-labelledby="protection-title"
      data-testid="protection"
    >
      {active ? (
        <>
          <h2 className="panel__title protection__status" id="protection-title" data-testid="protection-status">
            <PauseIcon />
            {active.self_exclusion ? t('protection.excludedUntil', { until }) : t('protection.timeoutUntil', { until })}
          </h2>
          <p className="protection__note">{t('protection.activeNote')}</p>
        </>
      ) : (
        <>
          <h2 className="panel__title" id="protection-title">
            {t('protection.title')}
          </h2>
          <p className="protection__note">{t('protection.intro')}</p>
        </>
      )}
      {(!active || canLengthen) && (
        <button
          type="button"
          className="btn btn--ghost btn--block"
          onClick={() => {
            setOpen(true);
            // The ends shown in the sheet are computed from server time: fresh ones at each opening.
            void state.refetch();
          }}
          data-testid="protection-open"
        >
          {active ? t('protection.lengthen') : t('protection.open')}
        </button>
      )}
      <ExcludeSheet
        open={open}
        state={data}
        token={token}
        onClose={() => setOpen(false)}
        onDone={() => {
          setOpen(false);
          showToast(t('protection.started'));
          // The running break is shown near the top of the page: bring it into sight.
          window.scrollTo(0, 0);
        }}
      />
    </section>
  );
}

/** The sheet: a native modal <dialog> (focus trap and Escape for free) whose form mounts fresh at each opening. */
function ExcludeSheet(props: {
  open: boolean;
  state: ProtectionState;
  token: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { open, onClose } = props;
  const ref = useModalDialog(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className="dialog sheet"
      aria-labelledby={titleId}
      data-testid="protection-sheet"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open && <ExcludeForm {...props} titleId={titleId} />}
    </dialog>
  );
}

function ExcludeForm({
  state,
  token,
  onClose,
  onDone,
  titleId,
}: {
  state: ProtectionState;
  token: string;
  onClose: () => void;
  onDone: () => void;
  titleId: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [kind, setKind] = useState<ExclusionKind | null>(null);
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const mutation = useExclude(token);
  const { error, setError, busy, run, invalid, fieldError } = useSubmit();

  const chosen = state.choices.find((c) => c.kind === kind && c.allowed);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return setError({ text: t('protection.chooseFirst'), field: 'kind' });
    if (!password) return setError({ text: t('errors:REQUIRED_FIELDS'), field: 'password' });
    if (!understood) return setError({ text: t('errors:EXCLUSION_CONFIRM_REQUIRED'), field: 'confirm' });
    void run(() => mutation.mutateAsync({ kind: chosen.kind, password, confirm: true }), onDone);
  };

  const group = (selfExclusion: boolean) => state.choices.filter((c) => c.self_exclusion === selfExclusion);
  const card = (c: ExclusionChoice) => (
    <button
      key={c.kind}
      type="button"
      className="protection-choice"
      aria-pressed={c.kind === kind}
      disabled={!c.allowed}
      data-testid={`protection-kind-${c.kind}`}
      onClick={() => {
        setKind(c.kind);
        setError(null);
      }}
    >
      {t(`protection.kind.${c.kind}`)}
    </button>
  );

  return (
    <form className="dialog__body sheet__body" onSubmit={onSubmit} noValidate>
      <h2 className="dialog__title" id={titleId}>
        {t('protection.sheetTitle')}
      </h2>
      <p className="protection__warning" role="note">
        <strong>{t('protection.warningTitle')}</strong> {t('protection.warning')}
      </p>
      {state.active && <p className="protection__note">{t('protection.longerOnly')}</p>}
      {[false, true].map((selfExclusion) => (
        <fieldset key={String(selfExclusion)} className="protection-group" aria-invalid={invalid('kind') || undefined}>
          <legend className="field__label">
            {selfExclusion ? t('protection.exclusions') : t('protection.timeouts')}
          </legend>
          <div className="protection-group__choices">{group(selfExclusion).map(card)}</div>
        </fieldset>
      ))}
      <p className="protection__ends" aria-live="polite" data-testid="protection-ends">
        {chosen ? t('protection.endsAt', { until: formatUntil(chosen.ends_at, lang, state.time_zone) }) : '\u00a0'}
      </p>
      <TextField
        label={t('protection.password')}
        hint={t('protection.passwordHint')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onValue={(v) => {
          setPassword(v);
          if (error?.field === 'password') setError(null);
        }}
        invalid={invalid('password')}
        error={fieldError('password')}
        testId="protection-password"
      />
      <label className="check">
        <input
          type="checkbox"
          checked={understood}
          onChange={(e) => setUnderstood(e.target.checked)}
          aria-invalid={invalid('confirm') || undefined}
          data-testid="protection-confirm"
        />
        <span>{t('protection.understand')}</span>
      </label>
      <FormError text={error && error.field !== 'password' ? error.text : null} />
      <div className="dialog__actions sheet__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose} data-testid="protection-cancel">
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={busy} data-testid="protection-submit">
          {busy ? t('auth.submitting') : t('protection.submit')}
        </button>
      </div>
    </form>
  );
}
