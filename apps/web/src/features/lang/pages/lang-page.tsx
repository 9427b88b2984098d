import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGS, resolveLang, type Lang } from '@fairdraw/contract';
import { CheckIcon } from '../../../components/icons.tsx';
import { TopBar } from '../../../components/top-bar.tsx';
import { changeLanguage, LANG_NAMES } from '../../../lib/i18n.ts';
import { PATHS } from '../../../lib/paths.ts';

export function LangPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const current = resolveLang(i18n.language);

  const choose = async (lang: Lang) => {
    await changeLanguage(lang, true);
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(PATHS.home, { replace: true });
  };

  return (
    <main className="page">
      <TopBar title={t('lang.title')} />
      <ul className="lang-list" aria-label={t('lang.title')}>
        {LANGS.map((lang) => (
          <li key={lang}>
            <button
              type="button"
              className="lang-list__item"
              lang={lang}
              aria-current={lang === current ? 'true' : undefined}
              onClick={() => void choose(lang)}
              data-testid={`lang-option-${lang}`}
            >
              <span>{LANG_NAMES[lang]}</span>
              {lang === current && <CheckIcon className="lang-list__check" aria-label={t('lang.current')} />}
            </button>
          </li>
        ))}
      </ul>
    </main>
  );
}
