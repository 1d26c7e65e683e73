import { Braces, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { canCreatePrompt } from '../../../../shared/policies/prompts';
import { countOf } from '../../../../shared/plural';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { ListPageState } from '../../../components/ui/list-page-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useCurrentUser } from '../../../lib/current-user';
import { usePageTitle } from '../../../lib/page-title';
import { paths } from '../../../lib/paths';
import { VisibilityBadge } from '../../../components/sharing/visibility-badge';
import { useSnippets } from '../api/snippets';
import { SnippetEditorDialog } from './snippet-editor-dialog';

/**
 * /snippets: the shared pieces of text prompts include with `{{> name}}` (a house style, a disclaimer,
 * a company description), each with how many prompts use it. Editors create them here.
 */
export function SnippetsPage() {
  usePageTitle('Snippets');
  const { data: me } = useCurrentUser();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const query = useSnippets(search.trim());
  const items = query.data?.items ?? [];
  const canCreate = me ? canCreatePrompt(me) : false;

  return (
    <div className="max-w-4xl">
      <PageHeader
        title="Snippets"
        description="Reusable pieces of text that any prompt can include with {{> name}}. Change a snippet once and every prompt that uses it follows."
        actions={
          canCreate ? (
            <Button onClick={() => setCreating(true)}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              New snippet
            </Button>
          ) : null
        }
      />
      <Input
        type="search"
        aria-label="Search snippets"
        placeholder="Search snippets by name"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className="mb-4 sm:max-w-sm"
      />
      <ListPageState
        query={query}
        itemCount={items.length}
        loadingLabel="Loading snippets..."
        errorLabel="Error loading snippets"
        empty={
          <EmptyState
            icon={Braces}
            title={search.trim() ? 'No snippet matches' : 'No snippets yet'}
            description={search.trim() ? 'Try another part of the name.' : 'Put text that many prompts repeat in a snippet, then include it with {{> name}}.'}
          />
        }
      >
        <Card className="divide-y divide-slate-100 p-0">
          <ul aria-label="Snippets">
            {items.map((s) => (
              <li key={s.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
                <div className="min-w-0">
                  <Link to={paths.snippet(s.id)} className="font-medium break-all text-brand-700 hover:underline">
                    {s.name}
                  </Link>
                  <p className="truncate text-sm text-slate-500">{s.content}</p>
                </div>
                <div className="flex shrink-0 flex-wrap items-center gap-2 text-sm text-slate-600">
                  <VisibilityBadge visibility={s.visibility} units={s.units} className="max-w-48" />
                  <span>Used in {countOf(s.usedInCount, 'prompt')}</span>
                </div>
              </li>
            ))}
          </ul>
        </Card>
      </ListPageState>
      <SnippetEditorDialog open={creating} onOpenChange={setCreating} onSaved={(saved) => void navigate(paths.snippet(saved.id))} />
    </div>
  );
}
