import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers.tsx';
import { AppRouter, preloadRoute } from './app/router.tsx';
import { initI18n, loadErrorTexts, whenIdle } from './lib/i18n.ts';
import { blockPinchZoom } from './lib/no-pinch-zoom.ts';
import { getStoredLang } from './lib/storage.ts';
import './styles/tokens.css';
import './styles/app.css';

blockPinchZoom();

const lang = getStoredLang();
// The first screen's chunk (and its data) is fetched alongside the language's texts, not after them.
preloadRoute(window.location.pathname, window.location.search, lang);
// Render once the chosen language's texts are here, so no screen flashes raw keys or the wrong language.
void initI18n(lang).then((i18n) => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers i18n={i18n}>
        <AppRouter />
      </Providers>
    </StrictMode>,
  );
  // The error texts are needed only once something is refused: they follow the first screen's paint.
  whenIdle(() => void loadErrorTexts().catch(() => undefined));
});
