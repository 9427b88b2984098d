// The API client lives outside React; the router registers how to navigate in-app. Until then (or in tests),
// fall back to a full page load.
type Navigate = (path: string) => void;

let navigateImpl: Navigate = (path) => window.location.assign(path);

export function setNavigator(fn: Navigate): void {
  navigateImpl = fn;
}

export function navigateTo(path: string): void {
  navigateImpl(path);
}
