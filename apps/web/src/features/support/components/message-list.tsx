import { useTranslation } from 'react-i18next';
import type { SupportMessage } from '@fairdraw/contract';
import { API } from '@fairdraw/contract';
import { formatDateTime } from '../../../lib/format.ts';
import { usePrivateImage } from '../../../lib/upload.ts';
import { useLang } from '../../../lib/use-lang.ts';

/** The messages of a conversation, oldest first: the player's on the right, support's on the left. */
export function MessageList({
  conversation,
  messages,
  mine,
}: {
  conversation: number;
  messages: SupportMessage[];
  mine: 'player' | 'operator';
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <ol className="support-thread" aria-live="polite" data-testid="support-thread">
      {messages.map((m) => (
        <li
          key={m.id}
          className={m.from === mine ? 'support-msg support-msg--mine' : 'support-msg'}
          data-testid={`support-msg-${m.from}`}
        >
          <span className="support-msg__who">
            {m.from === 'operator' ? t('support.fromSupport') : t('support.fromPlayer')}
          </span>
          {m.image && <MessageImage conversation={conversation} name={m.image} />}
          {m.body && <p className="support-msg__body">{m.body}</p>}
          <time className="support-msg__time">{formatDateTime(m.created_at, lang)}</time>
        </li>
      ))}
    </ol>
  );
}

/** An attached image, fetched with the session (it is private) and shown from an object URL. */
function MessageImage({ conversation, name }: { conversation: number; name: string }) {
  const { t } = useTranslation();
  const url = usePrivateImage(API.supportDetail, { id: String(conversation), image: name });
  return url ? (
    <img className="support-msg__image" src={url} alt={t('support.image')} data-testid="support-msg-image" />
  ) : (
    <span className="support-msg__image support-msg__image--loading" aria-label={t('support.image')} />
  );
}
