// Spec §1: pinch zoom (two-finger touch) is blocked across the whole app. The listeners must be non-passive,
// otherwise browsers ignore preventDefault on touch events. Safari also needs its gesture events cancelled.
export function blockPinchZoom(target: Pick<Document, 'addEventListener'> = document): () => void {
  const onTouch = (e: Event) => {
    if ((e as TouchEvent).touches?.length > 1) e.preventDefault();
  };
  const onGesture = (e: Event) => e.preventDefault();
  const opts: AddEventListenerOptions = { passive: false };
  target.addEventListener('touchstart', onTouch, opts);
  target.addEventListener('touchmove', onTouch, opts);
  target.addEventListener('gesturestart', onGesture, opts);
  target.addEventListener('gesturechange', onGesture, opts);
  return () => {
    const t = target as Document;
    t.removeEventListener('touchstart', onTouch, opts);
    t.removeEventListener('touchmove', onTouch, opts);
    t.removeEventListener('gesturestart', onGesture, opts);
    t.removeEventListener('gesturechange', onGesture, opts);
  };
}
