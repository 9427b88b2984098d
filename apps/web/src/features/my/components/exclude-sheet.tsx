import type { ProtectionState } from '@fairdraw/contract';
import { Sheet } from '../../../components/dialog.tsx';
import { ExcludeForm } from './exclude-form.tsx';

/** The sheet of the time-out and self-exclusion form. */
export function ExcludeSheet(props: {
  open: boolean;
  state: ProtectionState;
  token: string;
  onClose: () => void;
  onDone: () => void;
}) {
  return (
    <Sheet open={props.open} onClose={props.onClose} testId="protection-sheet">
      {(titleId) => <ExcludeForm {...props} titleId={titleId} />}
    </Sheet>
  );
}
