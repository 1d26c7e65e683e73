import { Building2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { BusinessUnit } from '../../../../shared/schemas/business-units';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/utils';
import { useAdminBusinessUnits } from '../api/business-unit-admin';
import { BusinessUnitDialog } from './business-unit-dialog';
import { MoveAndDeleteDialog } from './move-and-delete-dialog';
import { useConfirmDeleteBusinessUnit } from './use-delete-business-unit';
import { usePageTitle } from '../../../lib/page-title';
import { ErrorBox } from '../../../components/ui/error-box';

export function BusinessUnitsPage() {
  usePageTitle('Business Units');
  const { data: units, isLoading, isError } = useAdminBusinessUnits();
  const [editing, setEditing] = useState<BusinessUnit | null>(null);
  const [open, setOpen] = useState(false);
  const { requestDelete, confirmation, referenced, clearReferenced } = useConfirmDeleteBusinessUnit();
  const openDialog = (unit: BusinessUnit | null) => {
    setEditing(unit);
    setOpen(true);
  };
  return (
    <>
      <PageHeader
        title="Business Units"
        description="Manage business units and departments"
        actions={
          <Button onClick={() => openDialog(null)}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Create Business Unit
          </Button>
        }
      />
      {isLoading ? (
        <Spinner label="Loading business units..." />
      ) : isError ? (
        <ErrorBox>
          <p>Error loading business units</p>
        </ErrorBox>
      ) : !units?.length ? (
        <EmptyState icon={Building2} title="No business units found" description="Get started by creating your first business unit" />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {units.map((u) => (
            <li key={u.id}>
              <Card className="flex items-start justify-between gap-3 p-5">
                <div className="min-w-0">
                  <h2 className="truncate font-semibold text-slate-900" title={u.name}>
                    {u.name}
                  </h2>
                  <p className="mt-1 text-xs text-slate-500">Created {formatDate(u.createdAt)}</p>
                </div>
                <div className="flex shrink-0 gap-1">
                  <Button variant="ghost" size="icon" onClick={() => openDialog(u)} aria-label={`Edit ${u.name}`}>
                    <Pencil className="h-4 w-4" aria-hidden="true" />
                  </Button>
                  <Button variant="ghost" size="icon" className="text-red-600 hover:bg-red-50" onClick={() => requestDelete(u)} aria-label={`Delete ${u.name}`}>
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <BusinessUnitDialog unit={editing} open={open} onOpenChange={setOpen} />
      <ConfirmDialog {...confirmation} />
      <MoveAndDeleteDialog referenced={referenced} onClose={clearReferenced} />
    </>
  );
}
