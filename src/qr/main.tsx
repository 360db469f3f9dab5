import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfirmApp } from './ConfirmApp';
import './confirm.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfirmApp />
  </StrictMode>,
);
