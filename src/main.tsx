import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorScreen } from '@/components/errors/error-screen';
import { translate } from '@/i18n';
import './index.css';

const root = createRoot(document.getElementById('root')!);

// The app is loaded after this module so that a configuration error (src/config/env.ts
// throws while the app's modules load) shows a readable screen instead of a blank page.
import('./app/app')
  .then(({ App }) => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error(error);
    const isConfig = error instanceof Error && error.name === 'EnvError';
    const title = isConfig ? translate('common:errors.notConfigured') : translate('common:errors.couldNotStart');
    root.render(
      <ErrorScreen
        title={title}
        message={error instanceof Error ? error.message : String(error)}
        canReload={!isConfig}
      />,
    );
  });
