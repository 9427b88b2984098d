// A tiny global toast: one message at a time, shown by <Toast/> in the app shell. Kept free of React so the
// API client and tests can raise one.
export type ToastState = { id: number; text: string; kind: 'info' | 'error' } | null;

let state: ToastState = null;
let seq = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

export function showToast(text: string, kind: 'info' | 'error' = 'info', durationMs = 2500): void {
  state = { id: ++seq, text, kind };
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    state = null;
    listeners.forEach((l) => l());
  }, durationMs);
  listeners.forEach((l) => l());
}

export function getToast(): ToastState {
  return state;
}

export function subscribeToast(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
