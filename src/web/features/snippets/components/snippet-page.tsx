import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { countOf } from '../../../../shared/plural';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadFailure, useLoadFailure } from '../../../components/ui/load-failure';
import { PageHeader } from '../../../components/ui/page-header';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { CopyButton } from '../../../components/ui/copy-button';
import { VisibilityBadge } from '../../../components/sharing/visibility-badge';
import { useDeleteSnippet, useSnippet } from '../api/snippets';
import { SnippetEditorDialog } from './snippet-editor-dialog';

/** /snippets/{id}: a snippet's text, the prompts it is used in, the snippets that include it, and its versions. */
export function SnippetPage() {
  const { id = '' } = useParams();
  const query = useSnippet(id);
  const failure = useLoadFailure(query);
  const snippet = query.data;
  usePageTitle(snippet ? `Snippet ${snippet.name}` : 'Snippet');
  const navigate = useNavigate();
  const remove = useDeleteSnippet(id);
  const [editing, setEditing] = useState<{ startingText?: string } | null>(null);
  const [confirming, setConfirming] = useState(false);

  if (!snippet) {
    return failure ? (
      <LoadFailure failure={failure} label="Error loading the snippet" onRetry={() => void query.refetch()} />
    ) : (
      <ListSkeleton label="Loading the snippet..." />
    );
  }
  const inclusion = `{{> ${snippet.name}}}`;
  return (
    <div className="max-w-4xl space-y-6">
      <Link to={paths.snippets} className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All snippets
      </Link>
      <PageHeader
        title={snippet.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>
              By {snippet.owner.firstName} {snippet.owner.lastName} · version {snippet.version}
            </span>
            <VisibilityBadge visibility={snippet.visibility} units={snippet.units} />
          </span>
        }
        actions={
          <div className="flex flex-wrap gap-2">
            <CopyButton text={inclusion} label={`Copy ${inclusion}`} copiedLabel="Copied!" />
            {snippet.canEdit ? (
              <>
                <Button variant="secondary" size="sm" onClick={() => setEditing({})}>
                  <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
                </Button>
                <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
                </Button>
              </>
            ) : null}
          </div>
        }
      />
      <Card className="p-4">
        <h2 className="sr-only">Text</h2>
        <pre className="font-mono text-sm break-words whitespace-pre-wrap text-slate-800">{snippet.content}</pre>
      </Card>

      <section aria-labelledby="used-in">
        <h2 id="used-in" className="mb-2 text-base font-semibold text-slate-900">
          Used in {countOf(snippet.usedInCount + snippet.hiddenUsedInCount, 'prompt')}
        </h2>
        {snippet.usedIn.length ? (
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {snippet.usedIn.map((p) => (
              <li key={p.id}>
                <Link to={paths.prompt(p.id)} className="text-brand-700 hover:underline">
                  {p.title}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        {snippet.hiddenUsedInCount ? <p className="mt-1 text-sm text-slate-500">and {countOf(snippet.hiddenUsedInCount, 'prompt')} you cannot see</p> : null}
        {snippet.usedInCount + snippet.hiddenUsedInCount === 0 ? (
          <p className="text-sm text-slate-500">No prompt includes it yet. Write {inclusion} in a prompt’s content to use it.</p>
        ) : null}
        {snippet.includedBy.length ? (
          <p className="mt-3 text-sm text-slate-600">
            Included by the snippets{' '}
            {snippet.includedBy.map((s, i) => (
              <span key={s.id}>
                {i ? ', ' : ''}
                <Link to={paths.snippet(s.id)} className="text-brand-700 hover:underline">
                  {s.name}
                </Link>
              </span>
            ))}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="versions">
        <h2 id="versions" className="mb-2 text-base font-semibold text-slate-900">
          Versions
        </h2>
        <ol className="space-y-2">
          {snippet.versions.map((v) => (
            <li key={v.version}>
              <details className="rounded-lg border border-slate-200 bg-white">
                <summary className="cursor-pointer px-3 py-2 text-sm text-slate-700">
                  Version {v.version} · {v.name} · {v.authorName} · {new Date(v.createdAt).toLocaleString()}
                </summary>
                <div className="border-t border-slate-100 px-3 py-2">
                  <pre className="font-mono text-sm break-words whitespace-pre-wrap text-slate-800">{v.content}</pre>
                  {snippet.canEdit && v.version !== snippet.version ? (
                    <Button variant="secondary" size="sm" className="mt-2" onClick={() => setEditing({ startingText: v.content })}>
                      Edit from this version
                    </Button>
                  ) : null}
                </div>
              </details>
            </li>
          ))}
        </ol>
      </section>

      <SnippetEditorDialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} snippet={snippet} startingText={editing?.startingText} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete snippet “${snippet.name}”?`}
        description="A snippet that prompts still include cannot be deleted: remove it from them first."
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        destructive
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              toast({ title: 'Snippet deleted', description: snippet.name });
              void navigate(paths.snippets);
            },
            onError: (err) => {
              setConfirming(false);
              toast({ title: 'Could not delete the snippet', description: errorMessage(err, 'Please try again'), variant: 'destructive' });
            },
          })
        }
      />
    </div>
  );
}
