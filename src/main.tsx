import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './app/theme.css';

const root = createRoot(document.getElementById('root')!);
// A transition, so React builds the first screen in slices of a few milliseconds instead of one long task: a slow
// phone can paint and take input in between (`npm run bench:lighthouse`: total blocking time on the scorecard).
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
