import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { initI18n } from './lib/i18n.ts';
import { blockPinchZoom } from './lib/no-pinch-zoom.ts';
import { getStoredLang } from './lib/storage.ts';
import './styles/tokens.css';
import './styles/app.css';

blockPinchZoom();

// Render once the chosen language's texts are here, so no screen flashes raw keys or the wrong language.
void initI18n(getStoredLang()).then((i18n) => {
  const router = createRouter();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers i18n={i18n}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
