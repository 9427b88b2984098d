import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { CHANNEL_NAME_MAX, type AdminChannel } from '@fairdraw/contract';
import { FormTextField } from '../../components/form-fields.tsx';
import { FormError } from '../../components/text-field.tsx';
import { errorText, reportServerError } from '../../lib/form-errors.ts';
import { contractResolver } from '../../lib/forms.ts';
import { showToast } from '../../lib/toast.ts';
import { useMoney } from '../../lib/wallet.ts';
import { useSaveChannel } from './api/save-channel.ts';
import {
  CHANNEL_FIELDS,
  channelSchema,
  channelValues,
  currencyFor,
  type ChannelContext,
  type ChannelValues,
} from './channel-schema.ts';
import { ChannelDetails } from './channel-details.tsx';
import { LangTexts } from '../content/content-fields.tsx';

/**
 * A new or existing deposit channel: its plain name and its name per language (as the console's other localized
 * texts are edited), on/off, limits, the rate of a foreign currency and the type's details. A demo channel says so.
 */
export function ChannelForm({ initial, onClose }: { initial: AdminChannel; onClose: () => void }) {
  const { t } = useTranslation();
  const { exponent, currency: site } = useMoney();
  const currency = initial.currency ?? currencyFor(initial.type, site);
  const foreign = currency !== site;
  const save = useSaveChannel();
  const form = useForm<ChannelValues, ChannelContext, AdminChannel>({
    resolver: contractResolver(channelSchema),
    context: { initial, exponent, foreign },
    defaultValues: channelValues(initial, exponent),
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
      showToast(t('admin.saved'));
      onClose();
    } catch (e) {
      reportServerError(form.setError, e, CHANNEL_FIELDS);
    }
  });
  /** An amount field; its message (the form's or the API's) under it. */
  const amount = (name: 'min' | 'max' | 'rate', label: string, hint?: string) => (
    <FormTextField
      control={form.control}
      name={name}
      label={label}
      hint={hint}
      inputMode="decimal"
      testId={`channel-edit-${name}`}
    />
  );

  return (
    <form className="form form--page" noValidate onSubmit={(e) => void onSubmit(e)}>
      <h2 className="section__title">
        {initial.id ? t('admin.edit') : t('admin.add')} · {initial.type}
      </h2>
      {initial.demo && (
        <p className="warning" role="note" data-testid="channel-edit-demo">
          {t('admin.demoChannelNote')}
        </p>
      )}
      <FormTextField
        control={form.control}
        name="name"
        label={t('admin.channelName')}
        hint={t('admin.channelNameHint')}
        testId="channel-edit-name"
      />
      <LangTexts
        control={form.control}
        name="name_translations"
        label={t('admin.channelNames')}
        maxLength={CHANNEL_NAME_MAX}
        testId="channel-edit-names"
      />
      <label className="check">
        <input type="checkbox" {...form.register('enabled')} />
        <span>{t('admin.enabled')}</span>
      </label>
      {amount('min', t('admin.min'))}
      {amount('max', t('admin.max'))}
      {foreign && amount('rate', t('admin.rate', { site, currency }), t('admin.rateHint'))}
      <ChannelDetails form={form} />
      <FormError text={errorText(t, form.formState.errors.root?.server)} />
      <div className="page-actions page-actions--row">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={isSubmitting} data-testid="channel-edit-submit">
          {t('payout.save')}
        </button>
      </div>
    </form>
  );
}
