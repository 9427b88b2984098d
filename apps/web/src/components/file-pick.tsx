import type { ChangeEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from './field.tsx';

type Props = ControlProps & {
  accept: string;
  /** The chosen file's name, or nothing yet. */
  chosen: string | null;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  disabled?: boolean;
  testId: string;
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * A file control in the site's own look: a button-like "Choose a photo" and the chosen file's name, in the page's
 * language (the browser's own control speaks the browser's). The real input stays in the page, out of sight but
 * focusable, inside the field's label, so a tap or Enter on it opens the picker (the camera on a phone).
 */
export function FilePick({ accept, chosen, onChange, disabled, testId, inputRef, ...aria }: Props) {
  const { t } = useTranslation();
  return (
    <span className="file-pick">
      <input
        {...aria}
        ref={inputRef}
        type="file"
        accept={accept}
        disabled={disabled}
        className="file-pick__input"
        data-testid={testId}
        onChange={onChange}
      />
      <span className="btn btn--ghost btn--small file-pick__button" aria-hidden="true">
        {t('common.choosePhoto')}
      </span>
      <span className="file-pick__name" aria-hidden="true">
        {chosen ?? t('common.noFileChosen')}
      </span>
    </span>
  );
}
