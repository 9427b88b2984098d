import { useId } from 'react';
import type { ProtectionState } from '@fairdraw/contract';
import { useModalDialog } from '../../../components/dialog.tsx';
import { ExcludeForm } from './exclude-form.tsx';

/** The sheet: a native modal <dialog> (focus trap and Escape for free) whose form mounts fresh at each opening. */
export function ExcludeSheet(props: {
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
