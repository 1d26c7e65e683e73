import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api-client';
import { NavigationGuardProvider } from '../lib/navigation-guard';
import { createQueryClient } from '../lib/query-client';
import { DeferredToaster } from './deferred-toaster';
import { DatabaseStatusBanner } from './layout/database-status-banner';
import { RouteErrorBoundary } from './route-error-boundary';
import { AppRoutes } from './router';
import { handleUnauthorized } from './unauthorized';

setUnauthorizedHandler(handleUnauthorized);

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <NavigationGuardProvider>
          {/* The last resort, for errors outside a page (the header, the shell); pages have their own. */}
          <RouteErrorBoundary resetKey="app">
            <AppRoutes />
          </RouteErrorBoundary>
        </NavigationGuardProvider>
      </BrowserRouter>
      <DeferredToaster />
      <DatabaseStatusBanner />
    </QueryClientProvider>
  );
}
