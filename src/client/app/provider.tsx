import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { createQueryClient } from '../lib/query-client';
import { useOwnerMessages } from '../lib/owner-locale';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const m = useOwnerMessages();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* On a phone (sonner's < 600 px) the toasts open below the header's first row: the brand, the language
          toggle, the venue switch and sign-out stay within reach while an error is shown. */}
      <Toaster position="top-center" mobileOffset={{ top: 64 }} richColors closeButton toastOptions={{ closeButtonAriaLabel: m.shell_toast_close() }} />
    </QueryClientProvider>
  );
}
