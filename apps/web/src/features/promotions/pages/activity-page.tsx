import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isSiteLink } from '@fairdraw/contract/site-links';
import { PagedList } from '../../../components/paged-list.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { ErrorState, NoticeState } from '../../../components/states.tsx';
import { TopBar } from '../../../components/top-bar.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { usePromotion, usePromotions } from '../api/promotions.ts';
import { PromotionCard } from '../components/promotion-card.tsx';
import { PATHS, withQuery } from '../../../lib/paths.ts';
import '../../../styles/money.css';
import '../promotions.css';

/**
 * /activity: the promotions live now (anyone may read them), newest order first, ending with 'No more data';
 * /activity?id=… shows one in full, with a button to the screen of the site it links to.
 */
export function ActivityPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <main className="page">
      <TopBar title={t('page.activity')} />
      {id === null ? <PromotionList /> : <PromotionDetailView id={id} />}
    </main>
  );
}

function PromotionList() {
  const { t } = useTranslation();
  const lang = useLang();
  const list = usePromotions(lang);
  return (
    <PagedList
      query={list}
      empty={t('activity.empty')}
      itemKey={(p) => p.id}
      render={(p) => (
        <Link className="promo" to={withQuery(PATHS.activity, { id: String(p.id) })} data-testid={`promo-${p.id}`}>
          <PromotionCard p={p} />
        </Link>
      )}
    />
  );
}

function PromotionDetailView({ id }: { id: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const q = usePromotion(id, lang);
  const missing = id === '' || (q.error instanceof ApiError && q.error.key === 'PROMOTION_NOT_FOUND');
  if (missing)
    return (
      <NoticeState text={t('errors:PROMOTION_NOT_FOUND')} testId="promo-missing">
        <Link className="btn btn--ghost" to={PATHS.activity}>
          {t('activity.back')}
        </Link>
      </NoticeState>
    );
  if (q.isPending) return <Skeleton style={{ height: 240, margin: 12 }} />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  const p = q.data;
  // The API sends only links to screens of the site; checked again before following one.
  const link = p.link !== null && isSiteLink(p.link) ? p.link : null;
  return (
    <article className="promo-detail" data-testid="promo-detail">
      <PromotionCard p={p} heading="h2" />
      <p className="promo-detail__body" data-testid="promo-body">
        {p.body}
      </p>
      {link && (
        <button
          type="button"
          className="btn btn--primary btn--block"
          data-testid="promo-go"
          onClick={() => void navigate(link)}
        >
          {t('activity.go')}
        </button>
      )}
    </article>
  );
}
