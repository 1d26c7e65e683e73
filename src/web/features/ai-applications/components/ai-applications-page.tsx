import { Bot, Pencil } from 'lucide-react';
import { useState } from 'react';
import type { AiModel } from '../../../../shared/schemas/catalog';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { usePageTitle } from '../../../lib/page-title';
import { useAiApplications } from '../api/ai-application-admin';
import { AiApplicationDialog } from './ai-application-dialog';

/** /ai-applications: the catalog of AI applications, each with the launch URL that "Open in …" uses. */
export function AiApplicationsPage() {
  usePageTitle('AI Applications');
  const { data: models, isLoading, isError } = useAiApplications();
  const [editing, setEditing] = useState<AiModel | null>(null);
  return (
    <>
      <PageHeader title="AI Applications" description="Name the applications prompts are written for, and how “Open in …” starts each one with a prompt." />
      {isLoading ? (
        <ListSkeleton label="Loading AI applications..." rows={4} />
      ) : isError ? (
        <p role="alert" className="text-sm text-red-600">
          Error loading AI applications
        </p>
      ) : !models?.length ? (
        <EmptyState icon={Bot} title="No AI applications yet" description="Applications added on the prompt form appear here." />
      ) : (
        <Card className="divide-y divide-slate-100 p-0">
          <ul aria-label="AI applications">
            {models.map((m) => (
              <li key={m.id} className="flex items-center gap-4 px-4 py-3 sm:px-5">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900" dir="auto">
                    {m.name}
                  </p>
                  <p className="truncate font-mono text-xs text-slate-500" title={m.launchUrl ?? undefined}>
                    {m.launchUrl ?? 'No launch URL: prompts are copied, not opened'}
                  </p>
                </div>
                <Button variant="ghost" size="icon" aria-label={`Edit ${m.name}`} onClick={() => setEditing(m)}>
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {editing ? <AiApplicationDialog model={editing} onOpenChange={(open) => !open && setEditing(null)} /> : null}
    </>
  );
}
