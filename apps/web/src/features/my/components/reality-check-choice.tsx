import { useTranslation } from 'react-i18next';
import { type LimitsState } from '@fairdraw/contract';
import { Tabs } from '../../../components/tabs.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useSaveLimits } from '../api/limits.ts';

/** Off / 30 / 60 minutes, saved as soon as it is chosen. */
export function RealityCheckChoice({ state, token }: { state: LimitsState; token: string }) {
  const { t } = useTranslation();
  const save = useSaveLimits(token);
  const value = String(state.reality_check.minutes) as '0' | '30' | '60';
  return (
    <section className="limits__group">
      <h3 className="limits__kind">{t('limits.realityTitle')}</h3>
      <p className="protection__note">{t('limits.realityIntro')}</p>
      <Tabs
        label={t('limits.realityTitle')}
        items={(['0', '30', '60'] as const).map((m) => ({
          key: m,
          label: m === '0' ? t('limits.realityOff') : t('limits.minutes', { count: Number(m) }),
          testId: `reality-${m}`,
        }))}
        value={value}
        onChange={(m) => {
          save.mutate(
            { changes: [], reality_check: Number(m) as 0 | 30 | 60 },
            { onSuccess: () => showToast(t('limits.saved')), onError: () => showToast(t('common.offline')) },
          );
        }}
      />
    </section>
  );
}
