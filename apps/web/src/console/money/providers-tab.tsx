import { useTranslation } from 'react-i18next';
import { CopyRow } from '../../components/copy-button.tsx';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/states.tsx';
import { useProviders } from './api/get-providers.ts';

/** Payment providers and their webhook secrets: a generated one is shown here and nowhere else (decision 0007). */
export function ProvidersTab() {
  const { t } = useTranslation();
  const providers = useProviders();
  if (providers.isPending) return <ListSkeleton />;
  if (providers.isError) return <ErrorState error={providers.error} onRetry={() => void providers.refetch()} />;
  const { providers: list, sandbox } = providers.data;
  if (list.length === 0) return <EmptyState text={t('admin.noProviders')} />;
  return (
    <section className="stack" data-testid="admin-providers">
      <p className="hint hint--left">{t('admin.providersIntro')}</p>
      {list.map((p) => (
        <article key={p.name} className="panel" data-testid="admin-provider" data-name={p.name}>
          <h2 className="panel__title">{p.name}</h2>
          {p.secret === null ? (
            <p className="panel__note">{t('admin.secretEnv')}</p>
          ) : (
            <CopyRow label={t('admin.secretGenerated')} value={p.secret} testId="admin-provider-secret" />
          )}
          {p.simulate && sandbox && <p className="panel__note">{t('admin.sandboxOn')}</p>}
        </article>
      ))}
    </section>
  );
}
