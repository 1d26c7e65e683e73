import { useSearchParams } from 'react-router';
import type { PublicUser } from '../../../../shared/schemas/auth';
import { Card } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { NativeSelect } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { usePageTitle } from '../../../lib/page-title';
import { type HealthList, type HealthParams, useBusinessUnitNames } from '../api/health-lists';
import { DuplicatesPanel } from './duplicates-panel';
import { OrphanedPanel, TopPanel, UnitsPanel, UnusedPanel } from './usage-panels';

const LISTS: Array<{ list: HealthList; label: string }> = [
  { list: 'units', label: 'Units' },
  { list: 'unused', label: 'Unused' },
  { list: 'duplicates', label: 'Near-copies' },
  { list: 'orphaned', label: 'Orphaned' },
  { list: 'top', label: 'Most used' },
];
const isList = (value: string | null): value is HealthList => LISTS.some((l) => l.list === value);

/**
 * /library-health, for administrators (the whole library) and curators (their units): how each unit
 * uses the library, prompts nobody uses or looks after, near-copies to merge, and what people use most.
 * The list shown and the unit chosen live in the address, so a view can be shared.
 */
export function LibraryHealthPage({ user }: { user: PublicUser }) {
  usePageTitle('Library Health');
  const isAdmin = user.role === 'admin';
  const [search, setSearch] = useSearchParams();
  const list = isList(search.get('list')) ? (search.get('list') as HealthList) : 'units';
  const unit = search.get('unit') ?? '';
  const adminUnits = useBusinessUnitNames(isAdmin);
  const unitChoices = isAdmin ? (adminUnits.data ?? []).map((u) => u.name) : user.curatorUnits;
  const params: HealthParams = unit ? { unit } : {};
  const show = (next: { list?: string; unit?: string }) => {
    const merged = { list, unit, ...next };
    setSearch(Object.fromEntries(Object.entries(merged).filter(([key, value]) => value && !(key === 'list' && value === 'units'))), { replace: true });
  };

  return (
    <div className="max-w-4xl">
      <PageHeader
        title="Library Health"
        description={
          isAdmin
            ? 'How the library is used and looked after: find what nobody uses or owns, and merge near-copies into the one prompt worth keeping.'
            : `How the prompts of the units you curate (${user.curatorUnits.join(', ')}) are used and looked after.`
        }
      />
      <Tabs value={list} onValueChange={(value) => show({ list: value })}>
        <div className="mb-4 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <TabsList className="grid w-full grid-cols-3 sm:flex sm:w-auto" aria-label="Library Health lists">
            {LISTS.map((l) => (
              <TabsTrigger key={l.list} value={l.list} className="px-2 whitespace-nowrap sm:px-3">
                {l.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <FormField label="Business unit" className="sm:w-56">
            <NativeSelect value={unit} onChange={(e) => show({ unit: e.target.value })}>
              <option value="">{isAdmin ? 'Every unit' : 'All my units'}</option>
              {unitChoices.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
        <Card className="p-4 sm:p-6">
          <TabsContent value="units" className="mt-0">
            <UnitsPanel params={params} />
          </TabsContent>
          <TabsContent value="unused" className="mt-0">
            <UnusedPanel params={params} />
          </TabsContent>
          <TabsContent value="duplicates" className="mt-0">
            <DuplicatesPanel params={params} isAdmin={isAdmin} />
          </TabsContent>
          <TabsContent value="orphaned" className="mt-0">
            <OrphanedPanel params={params} />
          </TabsContent>
          <TabsContent value="top" className="mt-0">
            <TopPanel params={params} />
          </TabsContent>
        </Card>
      </Tabs>
    </div>
  );
}
