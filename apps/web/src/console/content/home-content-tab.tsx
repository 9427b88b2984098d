import './content.css';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveLang, type AdminBanner, type Lang } from '@fairdraw/contract';
import { Skeleton } from '../../components/skeleton.tsx';
import { ErrorState } from '../../components/states.tsx';
import { DataTable, type DataColumn } from '../ui/data-table.tsx';
import { useAdminHome } from './api/home-content.ts';
import { BannerEditor } from './banner-editor.tsx';
import { textsOf } from './content-fields.tsx';
import { EditorAbove, StatusBadge, scheduleColumns, scheduleStatus } from './content-schedule.tsx';
import { HomePreview, asSeen } from './home-preview.tsx';
import { NoticeEditor } from './notice-editor.tsx';

/** The console's Home content: a preview as the player sees it, the banners, and the notice. */
export function HomeContentTab() {
  const { t, i18n } = useTranslation();
  const [lang, setLang] = useState<Lang>(resolveLang(i18n.language));
  const [chosen, setChosen] = useState<AdminBanner | 'new' | null>(null);
  const home = useAdminHome();

  const columns = useMemo<DataColumn<AdminBanner>[]>(
    () => [
      {
        id: 'image',
        header: t('content.image'),
        cell: (b) => <img className="content-thumb" src={b.images[lang] || b.image} alt="" />,
      },
      { id: 'title', header: t('content.title'), value: (b) => b.title[lang] ?? '', filter: 'text' },
      {
        id: 'status',
        header: t('content.state'),
        value: (b) => scheduleStatus(b),
        cell: (b) => <StatusBadge status={scheduleStatus(b)} />,
      },
      {
        id: 'url',
        header: t('content.link'),
        value: (b) => b.url ?? '',
        cell: (b) => <span className="mono break">{b.url ?? '—'}</span>,
      },
      ...scheduleColumns<AdminBanner>(t, lang),
    ],
    [t, lang],
  );

  if (home.isPending) return <Skeleton style={{ height: 240, margin: 12 }} />;
  if (home.isError) return <ErrorState error={home.error} onRetry={() => void home.refetch()} />;
  const live = home.data.banners.filter((b) => b.live).map((b) => asSeen(b, lang));
  const editing = chosen === 'new' ? null : chosen;

  return (
    <div className="content-home">
      <HomePreview lang={lang} onLang={setLang} banners={live} notice={home.data.notice[lang] ?? ''} />

      <EditorAbove
        list={
          <DataTable
            testId="banners-table"
            rowTestId="banner-row"
            label={t('content.banners')}
            columns={columns}
            rows={home.data.banners}
            rowKey={(b) => b.id}
            empty={t('content.noBanners')}
            toolbar={
              <button
                type="button"
                className="btn btn--primary btn--small"
                onClick={() => setChosen('new')}
                data-testid="banner-new"
              >
                {t('content.newBanner')}
              </button>
            }
            onRowClick={setChosen}
            selectedKey={editing?.id ?? null}
          />
        }
        editor={
          chosen && (
            <BannerEditor
              key={editing?.id ?? 'new'}
              banner={editing}
              lang={lang}
              onDone={(b) => setChosen(b)}
              onClose={() => setChosen(null)}
            />
          )
        }
      />

      <NoticeEditor key={JSON.stringify(home.data.notice)} notice={textsOf(home.data.notice)} />
    </div>
  );
}
