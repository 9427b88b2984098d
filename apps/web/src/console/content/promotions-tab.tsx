import './content.css';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import {
  PROMOTION_BODY_MAX,
  PROMOTION_TITLE_MAX,
  promotionSaveRequest,
  resolveLang,
  type AdminPromotion,
  type PromotionSaveRequest,
} from '@fairdraw/contract';
import { FormError } from '../../components/field.tsx';
import { FormTextField } from '../../components/form-fields.tsx';
import { errorText } from '../../lib/form-errors.ts';
import { contractResolver } from '../../lib/forms.ts';
import { useAdminPromotions, useDeletePromotion, useSavePromotion } from './api/promotions.ts';
import { ImageField, LangTexts, emptyTexts, fromLocalInput, textsOf, type Texts } from './content-fields.tsx';
import {
  EditorAbove,
  EditorActions,
  ScheduleFields,
  SiteLinkOptions,
  StatusBadge,
  scheduleColumns,
  scheduleRequest,
  scheduleStatus,
  scheduleValues,
  useEditorSubmit,
  type ScheduleValues,
} from './content-schedule.tsx';
import { DataTable, type DataColumn } from '../ui/data-table.tsx';

type Values = ScheduleValues & { title: Texts; body: Texts; image: string; link: string };
const API_FIELDS = ['title', 'body', 'image', 'link', 'starts_at', 'ends_at', 'sort', 'id'] as const;

/** The typed values become the request, checked by the contract's own schema. */
const schema = (id: number | undefined) =>
  z
    .custom<Values>()
    // An empty or unreadable date stays undefined: the contract answers REQUIRED_FIELDS on it.
    .transform((v): z.input<typeof promotionSaveRequest> => ({
      ...(id !== undefined ? { id } : {}),
      title: v.title,
      body: v.body,
      image: v.image,
      link: v.link.trim() === '' ? null : v.link.trim(),
      ...scheduleRequest(v),
      starts_at: fromLocalInput(v.starts_at) ?? (undefined as unknown as number),
      ends_at: fromLocalInput(v.ends_at) ?? (undefined as unknown as number),
    }))
    .pipe(promotionSaveRequest);

const valuesOf = (p: AdminPromotion | null): Values => ({
  title: p ? textsOf(p.title) : emptyTexts(),
  body: p ? textsOf(p.body) : emptyTexts(),
  image: p?.image ?? '',
  link: p?.link ?? '',
  ...scheduleValues(p),
});

/** The console's Promotions: every promotion with its state; a row opens its editor; "New" starts one. */
export function PromotionsTab() {
  const { t, i18n } = useTranslation();
  const lang = resolveLang(i18n.language);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<AdminPromotion | 'new' | null>(null);
  const list = useAdminPromotions(page);

  const columns = useMemo<DataColumn<AdminPromotion>[]>(
    () => [
      { id: 'id', header: '#', value: (p) => p.id, align: 'end', nowrap: true },
      { id: 'title', header: t('content.title'), value: (p) => p.title[lang] ?? p.title.th, filter: 'text' },
      {
        id: 'status',
        header: t('content.state'),
        value: (p) => scheduleStatus(p),
        cell: (p) => <StatusBadge status={scheduleStatus(p)} />,
        filter: {
          options: (['live', 'scheduled', 'ended', 'off'] as const).map((s) => ({
            value: s,
            label: t(`content.status.${s}`),
          })),
        },
      },
      ...scheduleColumns<AdminPromotion>(t, lang),
    ],
    [t, lang],
  );

  const editing = chosen === 'new' ? null : chosen;
  return (
    <EditorAbove
      list={
        <DataTable
          testId="promotions-table"
          rowTestId="promotion-row"
          label={t('content.promotions')}
          columns={columns}
          rows={list.data?.list}
          rowKey={(p) => p.id}
          empty={t('content.noPromotions')}
          error={list.error}
          onRetry={() => void list.refetch()}
          paging={{
            page,
            hasMore: list.data?.has_more ?? false,
            onPage: (p) => {
              setPage(p);
              setChosen(null);
            },
            fetching: list.isFetching,
          }}
          toolbar={
            <button
              type="button"
              className="btn btn--primary btn--small"
              onClick={() => setChosen('new')}
              data-testid="promotion-new"
            >
              {t('content.newPromotion')}
            </button>
          }
          onRowClick={setChosen}
          selectedKey={editing?.id ?? null}
        />
      }
      editor={
        chosen && (
          <PromotionEditor
            key={editing?.id ?? 'new'}
            promotion={editing}
            onDone={(p) => setChosen(p)}
            onClose={() => setChosen(null)}
          />
        )
      }
    />
  );
}

function PromotionEditor({
  promotion,
  onDone,
  onClose,
}: {
  promotion: AdminPromotion | null;
  onDone: (p: AdminPromotion | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSavePromotion();
  const remove = useDeletePromotion();
  const form = useForm<Values, unknown, PromotionSaveRequest>({
    defaultValues: valuesOf(promotion),
    resolver: contractResolver<Values, unknown, PromotionSaveRequest>(() => schema(promotion?.id)),
  });
  const { control, formState } = form;

  const { onSubmit, onDelete } = useEditorSubmit({
    form,
    fields: API_FIELDS,
    save: (request) => save.mutateAsync(request),
    remove: promotion ? () => remove.mutateAsync(promotion.id) : null,
    onDone,
  });

  return (
    <form className="form content-editor" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="promotion-editor">
      <h3>{promotion ? t('content.editPromotion', { id: promotion.id }) : t('content.newPromotion')}</h3>
      <ImageField control={control} name="image" label={t('content.image')} testId="promotion-image" />
      <LangTexts
        control={control}
        name="title"
        label={t('content.title')}
        maxLength={PROMOTION_TITLE_MAX}
        testId="promotion-title"
      />
      <LangTexts
        control={control}
        name="body"
        label={t('content.body')}
        rows={4}
        maxLength={PROMOTION_BODY_MAX}
        testId="promotion-body"
      />
      <FormTextField
        control={control}
        name="link"
        label={t('content.link')}
        hint={t('content.linkHint')}
        list="promotion-links"
        testId="promotion-link"
        maxLength={200}
        autoComplete="off"
      />
      <SiteLinkOptions id="promotion-links" />
      <ScheduleFields control={control} register={form.register} testId="promotion" startsRequired />
      <FormError text={errorText(t, formState.errors.root?.server)} />
      <EditorActions
        testId="promotion"
        submitting={formState.isSubmitting}
        onDelete={promotion ? () => void onDelete() : null}
        deleting={remove.isPending}
        onClose={onClose}
      />
    </form>
  );
}
