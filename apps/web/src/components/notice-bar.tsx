import { useTranslation } from 'react-i18next';
import { NoticeIcon } from './icons.tsx';

export function NoticeBar({ text }: { text: string }) {
  const { t } = useTranslation();
  if (!text.trim()) return null;
  return (
    <p className="notice" data-testid="notice">
      <NoticeIcon className="notice__icon" aria-label={t('home.notice')} />
      <span className="notice__text">{text}</span>
    </p>
  );
}
