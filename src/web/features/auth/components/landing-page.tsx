import { ArrowRight, Search, Share2, Tags } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';
import { Logo } from '../../../components/ui/logo';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/page-title';

const highlights = [
  { icon: Search, title: 'Find what works', text: 'Full-text search and filters across every prompt in your organization.' },
  { icon: Tags, title: 'Organize', text: 'Tag prompts and record which AI applications they were written for.' },
  { icon: Share2, title: 'Share', text: 'Send a colleague a link to the exact prompt that saved you an hour.' },
];

export function LandingPage() {
  usePageTitle(undefined);
  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 via-white to-white">
      <main className="mx-auto flex max-w-4xl flex-col items-center px-6 pt-24 pb-16 text-center">
        <Logo className="h-16 w-16 shadow-lg shadow-brand-600/20 rounded-2xl" />
        <h1 className="mt-8 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">AI Prompts Database</h1>
        <p className="mt-4 text-lg text-slate-600 sm:text-xl">Manage and share AI prompts across your organization</p>
        <p className="mt-2 text-base text-slate-500">Collaborate, learn, and elevate your AI prompt library</p>
        {/* A full page load, not a client-side navigation. */}
        <a href={paths.auth} className={buttonClass('primary', 'lg', 'mt-10')}>
          Sign In or Create Account
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </a>
        <ul className="mt-20 grid w-full gap-6 text-left sm:grid-cols-3">
          {highlights.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <Icon className="h-5 w-5 text-brand-600" aria-hidden="true" />
              <h2 className="mt-3 font-semibold text-slate-900">{title}</h2>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
