import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminChannel, ChannelType } from '@fairdraw/contract';
import { CHANNEL_TYPES, CRYPTO_COINS } from '@fairdraw/contract/values';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/states.tsx';
import { useMoney } from '../../lib/wallet.ts';
import { useAdminChannels } from './api/channels.ts';
import { ChannelForm } from './channel-form.tsx';
import { WithdrawSettingsSection } from './withdraw-settings.tsx';

const blank = (type: ChannelType): AdminChannel => ({
  type,
  name: '',
  name_translations: {},
  demo: false,
  enabled: true,
  min: 0,
  max: 0,
  sort: 0,
  bank: type === 'bank' ? { payee: '', account_number: '', bank: '' } : null,
  crypto: type === 'crypto' ? { coin: CRYPTO_COINS[0], address: '' } : null,
  pix: type === 'pix' ? { key: '', merchant_name: '', merchant_city: '' } : null,
  rate: null,
});

/**
 * Deposit channels: the list, and an edit form for one (payee details, house address, PIX key, limits); below them
 * the withdrawal settings (fee rule and per-request limits).
 */
export function ChannelsTab() {
  const { t } = useTranslation();
  const channels = useAdminChannels();
  const { format, currency } = useMoney();
  const [editing, setEditing] = useState<AdminChannel | null>(null);
  if (editing) return <ChannelForm initial={editing} onClose={() => setEditing(null)} />;
  if (channels.isPending) return <ListSkeleton />;
  if (channels.isError) return <ErrorState error={channels.error} onRetry={() => void channels.refetch()} />;
  return (
    <>
      {channels.data.length === 0 ? (
        <EmptyState text={t('admin.noChannels')} />
      ) : (
        <ul className="card-list">
          {channels.data.map((c) => (
            <li key={c.id} className="card-list__item payout" data-testid="admin-channel" data-id={c.id}>
              <div className="payout__text">
                <span className="payout__title">
                  {c.name} <span className="muted">({c.type})</span>
                  {c.demo && (
                    <span className="muted" data-testid="admin-channel-demo">
                      {' · '}
                      {t('admin.demoChannel')}
                    </span>
                  )}
                </span>
                <span className="payout__detail num">
                  {format(c.min)} – {format(c.max)} · {c.enabled ? t('admin.enabled') : t('admin.disabled')}
                  {c.currency && c.currency !== currency && (
                    <span data-testid="admin-channel-rate">
                      {' · '}
                      {c.rate
                        ? t('recharge.rate', { site: currency, rate: c.rate, currency: c.currency })
                        : `${c.currency} · ${t('admin.noRate')}`}
                    </span>
                  )}
                </span>
              </div>
              <button
                type="button"
                className="btn btn--ghost btn--small"
                onClick={() => setEditing(c)}
                data-testid="admin-channel-edit"
              >
                {t('admin.edit')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="page-actions page-actions--row">
        {CHANNEL_TYPES.map((type) => (
          <button
            key={type}
            type="button"
            className="btn btn--ghost btn--small"
            onClick={() => setEditing(blank(type))}
          >
            + {type}
          </button>
        ))}
      </div>
      <WithdrawSettingsSection />
    </>
  );
}
