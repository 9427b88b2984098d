import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { ErrorState, NoticeState, SignedOutState } from '../../../components/states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useMessage } from '../api/messages.ts';
import { PATHS } from '../../../lib/paths.ts';
import '../inbox.css';

/** /msgDetail?id=…: one message in full; opening it marks it read. */
export function MsgDetailPage() {
  const { t } = useTranslation();
  const user = useSession();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return (
    <CashierPage title={t('page.msgDetail')}>
      {user && !user.is_guest && user.role === 'player' ? (
        <Detail token={user.token} id={id} />
      ) : (
        <SignedOutState text={t('msg.signedOut')} />
      )}
    </CashierPage>
  );
}

function Detail({ token, id }: { token: string; id: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const q = useMessage(token, id, lang);
  const missing = id === '' || (q.error instanceof ApiError && q.error.key === 'MESSAGE_NOT_FOUND');
  if (missing)
    return (
      <NoticeState text={t('errors:MESSAGE_NOT_FOUND')} testId="msg-missing">
        <Link className="btn btn--ghost" to={PATHS.msg}>
          {t('msg.backToInbox')}
        </Link>
      </NoticeState>
    );
  if (q.isPending) return <Skeleton style={{ height: 160, margin: 12 }} />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  const m = q.data;
  return (
    <article className="msg-detail" data-testid="msg-detail">
      <h2 className="msg-detail__title">{m.title}</h2>
      <p className="msg-detail__meta">
        {m.broadcast ? `${t('msg.toAll')} · ` : ''}
        {formatDateTime(m.at, lang, undefined, { withYear: true })}
      </p>
      <p className="msg-detail__body" data-testid="msg-detail-body">
        {m.body}
      </p>
    </article>
  );
}
