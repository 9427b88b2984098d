import { TwoFactorPanel } from '../../components/two-factor-panel.tsx';

/** The operator's own two-step verification: once on, his sign-in needs a code. */
export function TwoFactorTab() {
  return (
    <div className="panel console-two-factor">
      <TwoFactorPanel />
    </div>
  );
}
