import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorScreen } from '@/components/errors/error-screen';
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
    root.render(
      <ErrorScreen
        title={isConfig ? 'The app is not configured' : 'The app could not start'}
        message={error instanceof Error ? error.message : String(error)}
        canReload={!isConfig}
      />,
    );
  });
