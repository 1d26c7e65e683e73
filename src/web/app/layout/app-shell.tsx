import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { canCreatePrompt } from '../../../shared/policies/prompts';
import type { PublicUser } from '../../../shared/schemas/auth';
import { Spinner } from '../../components/ui/spinner';
import { Header } from './header';
import { Sidebar } from './sidebar';

/** The signed-in frame: header, a sidebar (a drawer below 1024 px) and the routed page. */
export function AppShell({ user, filters }: { user: PublicUser; filters?: ReactNode }) {
  const [navOpen, setNavOpen] = useState(false);
  const isAdmin = user.role === 'admin';
  const canCreate = canCreatePrompt(user);
  return (
    <div className="min-h-screen">
      <Header user={user} onOpenNav={() => setNavOpen(true)} />
      <div className="flex">
        <aside className="sticky top-16 hidden h-[calc(100vh-4rem)] w-64 shrink-0 border-r border-slate-200 bg-white lg:block" aria-label="Sidebar">
          <Sidebar isAdmin={isAdmin} canCreate={canCreate} filters={filters} />
        </aside>
        <DialogPrimitive.Root open={navOpen} onOpenChange={setNavOpen}>
          <DialogPrimitive.Portal>
            <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/40 lg:hidden" />
            <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-white shadow-xl lg:hidden">
              <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
                <DialogPrimitive.Title className="text-base font-semibold text-slate-900">Menu</DialogPrimitive.Title>
                <DialogPrimitive.Description className="sr-only">Navigation and filters</DialogPrimitive.Description>
                <DialogPrimitive.Close className="rounded-md p-2 text-slate-500 hover:bg-slate-100" aria-label="Close navigation">
                  <X className="h-5 w-5" aria-hidden="true" />
                </DialogPrimitive.Close>
              </div>
              <div className="h-[calc(100%-4rem)]">
                <Sidebar isAdmin={isAdmin} canCreate={canCreate} filters={filters} onNavigate={() => setNavOpen(false)} />
              </div>
            </DialogPrimitive.Content>
          </DialogPrimitive.Portal>
        </DialogPrimitive.Root>
        <main className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
