/** Console entry: theme, localization and the routed shell. */
import '@shoelace-style/shoelace/dist/themes/light.css';
import './kit/slLogin';
import './shell/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from './kit/i18n';
import { session } from './kit/session';
import { applyThemeColor } from './kit/theme';
import { App } from './shell/App';

// Before the first paint, so the remembered colour never flashes the default.
applyThemeColor(session.themeColor);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <I18nProvider>
      <App />
    </I18nProvider>
  </StrictMode>,
);
