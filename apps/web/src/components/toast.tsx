import { useSyncExternalStore } from 'react';
import { getToast, subscribeToast } from '../lib/toast.ts';

/** The one toast of the app shell; announced politely to screen readers. */
export function Toast() {
  const toast = useSyncExternalStore(subscribeToast, getToast, getToast);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toast && (
        <div key={toast.id} className={`toast toast--${toast.kind}`} data-testid="toast">
          {toast.text}
        </div>
      )}
    </div>
  );
}
