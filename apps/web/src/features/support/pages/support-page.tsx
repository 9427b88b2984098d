import '../support.css';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SupportConversation } from '@fairdraw/contract';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { ErrorState, NoticeState } from '../../../components/states.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useProfile } from '../../../lib/server-state/profile.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useSupportDetail, useSupportList } from '../api/support.ts';
import { MessageList } from '../components/message-list.tsx';
import { OpenForm } from '../components/open-form.tsx';
import { ReplyForm } from '../components/reply-form.tsx';

/**
 * /service, the Support tab: the player's conversations and a new one; `?id=` shows one conversation, which polls
 * for replies while it is open. Guests and operators are told what they can do instead.
 */
export function SupportPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const user = useSession();
  const profile = useProfile(user?.token);
  const id = Number(params.get('id'));
  const role = profile.data?.role ?? user?.role;
  const guest = profile.data?.is_guest ?? user?.is_guest ?? false;

  let body;
  if (guest) body = <NoticeState text={t('support.guest')} testId="support-guest" />;
  else if (role === 'operator') body = <NoticeState text={t('support.operator')} testId="support-operator" />;
  else if (Number.isSafeInteger(id) && id > 0)
    body = <Conversation key={id} id={id} onNew={() => setParams({ new: '1' })} />;
  else if (params.get('new') === '1')
    body = (
      <OpenForm
        onOpened={(c) => setParams({ id: String(c.id) }, { replace: true })}
        onCancel={() => setParams({}, { replace: true })}
      />
    );
  else body = <Conversations onOpen={(c) => setParams({ id: String(c) })} onNew={() => setParams({ new: '1' })} />;

  return (
    <CashierPage title={t('page.service')} back={false}>
      {body}
    </CashierPage>
  );
}

function Conversations({ onOpen, onNew }: { onOpen: (id: number) => void; onNew: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const list = useSupportList();
  const newButton = (
    <button type="button" className="btn btn--primary btn--block" onClick={onNew} data-testid="support-new">
      {t('support.new')}
    </button>
  );
  return (
    <section aria-label={t('support.conversations')}>
      <p className="hint hint--left support-intro">{t('support.intro')}</p>
      {(list.data?.pages[0]?.list.length ?? 0) > 0 && <div className="page-actions">{newButton}</div>}
      <PagedList<SupportConversation>
        query={list}
        empty={t('support.empty')}
        emptyAction={newButton}
        itemKey={(c) => c.id}
        render={(c) => (
          <button
            type="button"
            className="support-row"
            onClick={() => onOpen(c.id)}
            data-testid={`support-row-${c.id}`}
          >
            <span className="support-row__head">
              <span className="support-row__subject">{c.subject}</span>
              <span className={c.status === 'open' ? 'badge badge--brand' : 'badge'}>
                {t(`support.status.${c.status}`)}
              </span>
            </span>
            <span className="support-row__last">{c.last_message}</span>
            <time className="support-row__time">{formatDateTime(c.last_message_at, lang)}</time>
          </button>
        )}
      />
    </section>
  );
}

function Conversation({ id, onNew }: { id: number; onNew: () => void }) {
  const { t } = useTranslation();
  const detail = useSupportDetail(id);
  const [back] = useState(() => () => window.history.back());
  if (detail.isPending) return <Skeleton style={{ height: 160, margin: 12 }} />;
  if (detail.isError) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  const c = detail.data;
  return (
    <section className="support-conversation" aria-label={c.subject} data-testid="support-conversation">
      <div className="support-conversation__head">
        <button type="button" className="btn btn--ghost btn--small" onClick={back}>
          {t('common.back')}
        </button>
        <h2 className="support-conversation__subject">{c.subject}</h2>
        <span className={c.status === 'open' ? 'badge badge--brand' : 'badge'} data-testid="support-status">
          {t(`support.status.${c.status}`)}
        </span>
      </div>
      <MessageList conversation={c.id} messages={c.messages} mine="player" />
      {c.status === 'open' ? (
        <>
          <p className="hint hint--left">{t('support.live')}</p>
          <ReplyForm id={c.id} />
        </>
      ) : (
        <NoticeState text={t('support.closedNotice')} testId="support-closed">
          <button type="button" className="btn btn--primary" onClick={onNew} data-testid="support-new-after-closed">
            {t('support.new')}
          </button>
        </NoticeState>
      )}
    </section>
  );
}
