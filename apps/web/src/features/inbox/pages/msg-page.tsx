import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MessageItem } from '@fairdraw/contract';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { SignedOutState } from '../../../components/states.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { showToast } from '../../../lib/toast.ts';
import { useUnreadCount } from '../../../lib/server-state/unread.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useMarkRead, useMessages } from '../api/messages.ts';
import { PATHS, withQuery } from '../../../lib/paths.ts';
import '../inbox.css';

/** /msg: the player's messages, newest first, unread ones marked, with "mark all read". */
export function MsgPage() {
  const { t } = useTranslation();
  const user = useSession();
  return (
    <CashierPage title={t('page.msg')}>
      {user && !user.is_guest && user.role === 'player' ? (
        <Inbox token={user.token} />
      ) : (
        <SignedOutState text={t('msg.signedOut')} />
      )}
    </CashierPage>
  );
}

function Inbox({ token }: { token: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const list = useMessages(token, lang);
  const unread = useUnreadCount();
  const markAll = useMarkRead();
  const readAll = () =>
    markAll.mutate({ all: true }, { onError: (e) => showToast(e instanceof Error ? e.message : t('errors:INTERNAL')) });
  return (
    <>
      <div className="msg-toolbar">
        <span data-testid="msg-unread">{t('msg.unread', { count: unread })}</span>
        <button
          type="button"
          className="btn btn--ghost btn--small"
          disabled={unread === 0 || markAll.isPending}
          onClick={readAll}
          data-testid="msg-read-all"
        >
          {t('msg.readAll')}
        </button>
      </div>
      <PagedList query={list} empty={t('msg.empty')} itemKey={(m) => m.id} render={(m) => <MessageRow m={m} />} />
    </>
  );
}

function MessageRow({ m }: { m: MessageItem }) {
  const lang = useLang();
  return (
    <Link
      className={`msg-row${m.read ? '' : ' is-unread'}`}
      to={withQuery(PATHS.msgDetail, { id: m.id })}
      data-testid={`msg-row-${m.id}`}
      data-read={m.read ? 'true' : 'false'}
    >
      <span className="msg-row__dot" aria-hidden="true" />
      <span className="msg-row__main">
        <span className="msg-row__head">
          <span className="msg-row__title">{m.title}</span>
          <span className="msg-row__time">{formatDateTime(m.at, lang)}</span>
        </span>
        <span className="msg-row__body">{m.body}</span>
      </span>
    </Link>
  );
}
