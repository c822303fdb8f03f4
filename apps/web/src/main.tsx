import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadGuestScreens } from './app/router';
import { i18nReady } from './lib/i18n';
import { runtimeConfig } from './lib/runtime-config';
import './styles/global.css';

// The config (API address, auth cookie name) is needed before any call: start loading it right away.
void runtimeConfig.start();
// So are the signed-out screens, when the page may show one (app/router.tsx).
preloadGuestScreens(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// A start in another language than English waits for its texts (lib/i18n.ts), fetched while the config loads.
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
