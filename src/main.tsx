import { createRoot } from 'react-dom/client';
// Base styles first: feature styles imported by the components below must win over them.
import './styles/global.css';
import './styles/components.css';
import { App } from './app/app.tsx';
import { activateLocale, readStoredLocale } from './lib/i18n.ts';
import { bootstrapSession } from './app/session-bootstrap.ts';
import { registerServiceWorker } from './app/update-prompt.tsx';

// The catalog must be active before the first render so no English flashes in Arabic.
async function start(): Promise<void> {
  await activateLocale(readStoredLocale(), { persist: false });
  bootstrapSession();
  createRoot(document.getElementById('root')!).render(<App />);
  registerServiceWorker();
}
void start();
