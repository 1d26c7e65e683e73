import * as Tooltip from '@radix-ui/react-tooltip';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { Toaster } from '../components/ui/toaster';
import { setUnauthorizedHandler } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { DatabaseStatusBanner } from './layout/database-status-banner';
import { AppRoutes } from './router';
import { handleUnauthorized } from './unauthorized';

setUnauthorizedHandler(handleUnauthorized);

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {/* §9: tooltips open after 700 ms, 300 ms skip delay. */}
      <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <Toaster />
        <DatabaseStatusBanner />
      </Tooltip.Provider>
    </QueryClientProvider>
  );
}
