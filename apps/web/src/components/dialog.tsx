import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmText?: string;
  /** The dismiss button's text (default "Cancel": give another when the action itself is a cancel). */
  cancelText?: string;
  busy?: boolean;
  /** The confirm button stays disabled (e.g. until a choice is complete). */
  confirmDisabled?: boolean;
  confirmTestId?: string;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A ref for a native <dialog> that is shown as a modal while `open` and closed otherwise. */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return ref;
}

/** A modal confirm dialog (native <dialog>: focus trap, Escape and the backdrop for free). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmText,
  cancelText,
  busy,
  confirmDisabled,
  confirmTestId = 'dialog-confirm',
  onConfirm,
  onCancel,
}: Props) {
  const { t } = useTranslation();
  const ref = useModalDialog(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      {open && (
        <form
          method="dialog"
          className="dialog__body"
          onSubmit={(e) => {
            e.preventDefault();
            if (!confirmDisabled) onConfirm();
          }}
        >
          <h2 className="dialog__title" id={titleId}>
            {title}
          </h2>
          {children}
          <div className="dialog__actions">
            <button type="button" className="btn btn--ghost" onClick={onCancel} data-testid="dialog-cancel">
              {cancelText ?? t('common.cancel')}
            </button>
            <button
              type="submit"
              className="btn btn--primary"
              disabled={busy || confirmDisabled}
              data-testid={confirmTestId}
            >
              {confirmText ?? t('common.confirm')}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}

/**
 * A bottom sheet: a native modal <dialog> (focus trap and Escape for free) whose content mounts fresh at each
 * opening; `children` gets the id its title must carry.
 */
export function Sheet(props: {
  open: boolean;
  onClose: () => void;
  testId: string;
  children: (titleId: string) => ReactNode;
}) {
  const ref = useModalDialog(props.open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className="dialog sheet"
      aria-labelledby={titleId}
      data-testid={props.testId}
      onCancel={(e) => {
        e.preventDefault();
        props.onClose();
      }}
    >
      {props.open && props.children(titleId)}
    </dialog>
  );
}
