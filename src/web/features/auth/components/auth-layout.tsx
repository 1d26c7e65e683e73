import type { ReactNode } from 'react';
import { Logo } from '../../../components/ui/logo';

/** The signed-out frame: brand panel on wide screens, a centred card everywhere. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen">
      <aside className="hidden w-[44%] flex-col justify-between bg-gradient-to-br from-brand-700 via-brand-600 to-indigo-500 p-12 text-white lg:flex">
        <div className="flex items-center gap-3">
          <Logo className="h-10 w-10 [&_rect]:fill-white/15" />
          <span className="text-lg font-semibold">AI Prompts Database</span>
        </div>
        <div>
          <p className="text-3xl leading-tight font-semibold">Manage and share AI prompts across your organization</p>
          <p className="mt-4 text-lg text-brand-100">Collaborate, learn, and elevate your AI prompt library</p>
        </div>
        <p className="text-sm text-brand-200">Your team's best prompts, searchable in seconds.</p>
      </aside>
      <main className="flex flex-1 items-center justify-center px-4 py-10 sm:px-8">
        <div className="w-full max-w-md">
          <div className="mb-8 flex items-center gap-3 lg:hidden">
            <Logo />
            <span className="text-lg font-semibold text-slate-900">AI Prompts Database</span>
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}
