import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Control, FieldPath, FieldPathByValue, FieldValues, UseFormReturn } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SITE_ROUTES, type Lang } from '@fairdraw/contract';
import { FormTextField } from '../../components/form-fields.tsx';
import { reportServerError } from '../../lib/form-errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { showToast } from '../../lib/toast.ts';
import { browserZone, fromLocalInput, toLocalInput } from './content-fields.tsx';
import type { DataColumn } from '../ui/data-table.tsx';

/** What an item's schedule says now: live, not yet, over, or switched off. */
export function scheduleStatus(
  item: { enabled: boolean; live: boolean; starts_at: number | null },
  now = Date.now(),
): 'live' | 'scheduled' | 'ended' | 'off' {
  if (!item.enabled) return 'off';
  if (item.live) return 'live';
  return item.starts_at !== null && now < item.starts_at ? 'scheduled' : 'ended';
}

export function StatusBadge({ status }: { status: ReturnType<typeof scheduleStatus> }) {
  const { t } = useTranslation();
  return (
    <span className={`badge content-status content-status--${status}`} data-testid="content-status">
      {t(`content.status.${status}`)}
    </span>
  );
}

type Scheduled = { starts_at: number | null; ends_at: number | null; sort: number; enabled: boolean };

/** The schedule fields (ScheduleFields) as typed. */
export type ScheduleValues = { starts_at: string; ends_at: string; sort: string; enabled: boolean };

/** An item's schedule as its editor starts (a new item: no dates, order 0, on). */
export const scheduleValues = (item: Scheduled | null): ScheduleValues => ({
  starts_at: toLocalInput(item?.starts_at),
  ends_at: toLocalInput(item?.ends_at),
  sort: String(item?.sort ?? 0),
  enabled: item?.enabled ?? true,
});

/** The typed schedule as a request has it: an empty or unreadable date is null, an empty order 0. */
export const scheduleRequest = (v: ScheduleValues) => ({
  starts_at: fromLocalInput(v.starts_at),
  ends_at: fromLocalInput(v.ends_at),
  sort: v.sort.trim() === '' ? 0 : Number(v.sort),
  enabled: v.enabled,
});

// The schedule names its zone once above the lists (content.zone), so its times leave it out.
const SCHEDULE_TIME = { withYear: true, withZone: false };

/** A list's start, end ('—' when none; this browser's time zone) and order columns. */
export const scheduleColumns = <T extends Scheduled>(t: TFunction, lang: Lang): DataColumn<T>[] => [
  {
    id: 'starts',
    header: t('content.starts'),
    value: (x) => x.starts_at,
    cell: (x) => (x.starts_at === null ? '—' : formatDateTime(x.starts_at, lang, browserZone(), SCHEDULE_TIME)),
    nowrap: true,
  },
  {
    id: 'ends',
    header: t('content.ends'),
    value: (x) => x.ends_at,
    cell: (x) => (x.ends_at === null ? '—' : formatDateTime(x.ends_at, lang, browserZone(), SCHEDULE_TIME)),
    nowrap: true,
  },
  { id: 'sort', header: t('content.sort'), value: (x) => x.sort, align: 'end' },
];

/** The start and end (local date and time of this browser, its zone named), the order and the switch. */
export function ScheduleFields<V extends FieldValues, T extends FieldValues>({
  control,
  register,
  testId,
  startsRequired,
}: {
  control: Control<V, unknown, T>;
  register: (name: FieldPath<V>) => object;
  testId: string;
  startsRequired: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <p className="muted content-zone">{t('content.zone', { zone: browserZone() })}</p>
      <div className="content-row">
        <FormTextField
          control={control}
          name={'starts_at' as FieldPathByValue<V, string>}
          type="datetime-local"
          label={startsRequired ? t('content.starts') : t('content.startsOptional')}
          testId={`${testId}-starts`}
        />
        <FormTextField
          control={control}
          name={'ends_at' as FieldPathByValue<V, string>}
          type="datetime-local"
          label={startsRequired ? t('content.ends') : t('content.endsOptional')}
          testId={`${testId}-ends`}
        />
      </div>
      <div className="content-row">
        <FormTextField
          control={control}
          name={'sort' as FieldPathByValue<V, string>}
          inputMode="numeric"
          label={t('content.sort')}
          hint={t('content.sortHint')}
          testId={`${testId}-sort`}
          maxLength={8}
        />
        <label className="check content-enabled">
          <input type="checkbox" {...register('enabled' as FieldPath<V>)} data-testid={`${testId}-enabled`} />{' '}
          {t('content.enabled')}
        </label>
      </div>
    </>
  );
}

/** The screens a link may open, offered as the link field's suggestions. */
export function SiteLinkOptions({ id }: { id: string }) {
  return (
    <datalist id={id}>
      {SITE_ROUTES.filter((p) => !/admin$/i.test(p)).map((p) => (
        <option key={p} value={p} />
      ))}
    </datalist>
  );
}

/**
 * A list and, when one is open, its editor above it at full width (a form in six languages needs the room a side
 * pane lacks); opening one brings it into view.
 */
export function EditorAbove({ editor, list }: { editor: ReactNode; list: ReactNode }) {
  const box = useRef<HTMLElement>(null);
  const open = Boolean(editor);
  useEffect(() => {
    if (open) box.current?.scrollIntoView({ block: 'start' });
  }, [open, editor]);
  return (
    <>
      {editor && (
        <section className="content-editor-box" ref={box}>
          {editor}
        </section>
      )}
      {list}
    </>
  );
}

/**
 * Saving and deleting in a content editor: each says so in a toast and hands the saved item (null once deleted) to
 * `onDone`; a refusal shows under the field it names (one of `fields`) or under the form.
 */
export function useEditorSubmit<V extends FieldValues, R, T>({
  form,
  fields,
  save,
  remove,
  onDone,
}: {
  form: UseFormReturn<V, unknown, R>;
  fields: readonly string[];
  save: (request: R) => Promise<T>;
  /** Deletes the item under edit; null for a new one. */
  remove: (() => Promise<unknown>) | null;
  onDone: (item: T | null) => void;
}) {
  const { t } = useTranslation();
  const onSubmit = form.handleSubmit(async (request) => {
    try {
      const saved = await save(request);
      showToast(t('content.saved'));
      onDone(saved);
    } catch (e) {
      reportServerError(form.setError as never, e, fields);
    }
  });
  const onDelete = async () => {
    if (!remove) return;
    try {
      await remove();
      showToast(t('content.deleted'));
      onDone(null);
    } catch (e) {
      reportServerError(form.setError as never, e, fields);
    }
  };
  return { onSubmit, onDelete };
}

/** A content editor's buttons: save; delete (an existing item only, asked twice); close. */
export function EditorActions({
  testId,
  submitting,
  onDelete,
  deleting,
  onClose,
}: {
  testId: string;
  submitting: boolean;
  /** null for a new item (nothing to delete). */
  onDelete: (() => void) | null;
  deleting: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="content-actions">
      <button type="submit" className="btn btn--primary" disabled={submitting} data-testid={`${testId}-save`}>
        {t('content.save')}
      </button>
      {onDelete &&
        (confirming ? (
          <button
            type="button"
            className="btn btn--danger"
            disabled={deleting}
            onClick={onDelete}
            data-testid={`${testId}-delete-confirm`}
          >
            {t('content.confirmDelete')}
          </button>
        ) : (
          <button type="button" className="btn btn--ghost" onClick={() => setConfirming(true)}>
            {t('content.delete')}
          </button>
        ))}
      <button type="button" className="btn btn--ghost" onClick={onClose} data-testid={`${testId}-close`}>
        {t('console.close')}
      </button>
    </div>
  );
}
