import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles.css';

/** The diner entry (/f/*, /r/*): React alone, no router, no query library. */
function DinerApp() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-2xl font-semibold">Votre avis</h1>
      <p className="text-stone-600">Cette page est en construction.</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <DinerApp />
  </StrictMode>,
);
