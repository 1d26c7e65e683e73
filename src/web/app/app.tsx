import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { DeferredToaster } from './deferred-toaster';
import { DatabaseStatusBanner } from './layout/database-status-banner';
import { AppRoutes } from './router';
import { handleUnauthorized } from './unauthorized';

setUnauthorizedHandler(handleUnauthorized);

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <DeferredToaster />
      <DatabaseStatusBanner />
    </QueryClientProvider>
  );
}
