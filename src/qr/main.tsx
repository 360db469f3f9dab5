import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfirmApp } from './ConfirmApp';
import '../standalone/standalone.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfirmApp />
  </StrictMode>,
);
