import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { profileUpdateRequest, type ProfileUpdateRequest } from '@fairdraw/contract';
import { Field, FormError } from '../../../components/field.tsx';
import { FilePick } from '../../../components/file-pick.tsx';
import { FormTextField } from '../../../components/form-fields.tsx';
import { errorText, reportServerError, serverError } from '../../../lib/form-errors.ts';
import { contractResolver } from '../../../lib/forms.ts';
import { showToast } from '../../../lib/toast.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useSaveNickname, useUploadAvatar } from '../api/profile.ts';
import '../profile.css';

const AVATAR_TYPES = 'image/jpeg,image/png,image/webp';

/** On My with ?edit=profile: the avatar (uploaded as soon as it is chosen) and the nickname. */
export function ProfileEditor({ nickname, avatar }: { nickname: string; avatar: string }) {
  const { t } = useTranslation();
  const save = useSaveNickname();
  const upload = useUploadAvatar();
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const form = useForm<ProfileUpdateRequest, unknown, ProfileUpdateRequest>({
    defaultValues: { nickname },
    resolver: contractResolver(() => profileUpdateRequest),
  });
  const { control, formState } = form;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body.nickname);
      showToast(t('kyc.profileSaved'));
    } catch (e) {
      reportServerError(form.setError, e, ['nickname'] as const);
    }
  });
  const onAvatar = async (file: File | undefined) => {
    if (!file) return;
    setAvatarError(null);
    try {
      await upload.mutateAsync(file);
      showToast(t('kyc.avatarSaved'));
    } catch (e) {
      const found = serverError(e);
      setAvatarError(found ? errorText(t, found.error, { max: '5 MB' }) : null);
    }
  };
  return (
    <section className="panel profile-editor" data-testid="profile-editor">
      <h2 className="panel__title">{t('kyc.editProfile')}</h2>
      <img className="profile-editor__avatar" src={avatar || '/art/avatars/1.svg'} alt="" width={96} height={96} />
      <Field label={t('kyc.avatar')} name="avatar" errorText={avatarError} hint={t('kyc.avatarHint')}>
        {(aria) => (
          <FilePick
            {...aria}
            accept={AVATAR_TYPES}
            chosen={null}
            disabled={upload.isPending}
            testId="profile-avatar"
            onChange={(e) => void onAvatar(e.target.files?.[0])}
          />
        )}
      </Field>
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormTextField
          control={control}
          name="nickname"
          label={t('kyc.nickname')}
          testId="profile-nickname"
          maxLength={20}
        />
        <FormError text={errorText(t, formState.errors.root?.server)} />
        <button
          type="submit"
          className="btn btn--primary btn--block"
          disabled={formState.isSubmitting}
          data-testid="profile-save"
        >
          {formState.isSubmitting ? t('auth.submitting') : t('kyc.save')}
        </button>
      </form>
      <Link className="btn btn--ghost btn--block" to={PATHS.my} replace data-testid="profile-done">
        {t('kyc.done')}
      </Link>
    </section>
  );
}
