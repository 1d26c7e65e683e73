import { useQuery } from '@tanstack/react-query';
import { Download, FileJson, FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { EXPORT_FORMATS, EXPORT_TYPES } from '../../../../shared/schemas/export';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { PageHeader } from '../../../components/ui/page-header';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { startDownload } from '../../../lib/download';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { usePageTitle } from '../../../lib/page-title';
import { countOf } from '../../../../shared/plural';

export interface ExportFilters {
  search?: string;
  businessUnits: string[];
  aiModels: string[];
  tags: string[];
}

const TYPE_LABELS: Record<(typeof EXPORT_TYPES)[number], string> = {
  prompts: 'Prompts',
  users: 'Users',
  'business-units': 'Business units',
  'form-fields': 'Form fields',
};

function RadioCards<T extends string>({
  legend,
  options,
  value,
  onChange,
  labels,
}: {
  legend: string;
  options: readonly T[];
  value: T;
  onChange: (v: T) => void;
  labels: Record<T, string>;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        {options.map((o) => (
          <label
            key={o}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-lg border p-3 text-sm',
              value === o ? 'border-brand-500 bg-brand-50 text-brand-800' : 'border-slate-200 bg-white text-slate-700 hover:border-slate-300',
            )}
          >
            <input type="radio" name={legend} value={o} checked={value === o} onChange={() => onChange(o)} className="accent-brand-600" />
            {labels[o]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** /export-data: choose a data set and a format, see how many records, download. */
export function ExportDataPage({ filters }: { filters?: ExportFilters }) {
  usePageTitle('Export Data');
  const [type, setType] = useState<(typeof EXPORT_TYPES)[number]>('prompts');
  const [format, setFormat] = useState<(typeof EXPORT_FORMATS)[number]>('csv');
  const [applyFilters, setApplyFilters] = useState(false);
  const [busy, setBusy] = useState(false);
  const active = filters ? filters.businessUnits.length + filters.aiModels.length + filters.tags.length : 0;
  const params: Record<string, string> = { type, format };
  if (type === 'prompts' && applyFilters && filters) {
    Object.assign(params, { businessUnits: filters.businessUnits.join(','), aiModels: filters.aiModels.join(','), tags: filters.tags.join(',') });
  }
  const count = useQuery<{ count: number }>({ queryKey: queryKeys.exportCount(params), staleTime: 0 });

  const download = async () => {
    setBusy(true);
    try {
      const { url } = await apiRequest<{ url: string }>('POST', '/api/admin/export/tickets', params);
      startDownload(url);
      toast({ title: 'Export started', description: 'Your browser is downloading the file.' });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to export data'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="max-w-4xl">
      <PageHeader title="Export Data" description="Download your organization's data as CSV (opens in spreadsheet tools) or JSON." />
      <Card className="space-y-6 p-6">
        <RadioCards legend="Data set" options={EXPORT_TYPES} value={type} onChange={setType} labels={TYPE_LABELS} />
        <RadioCards legend="Format" options={EXPORT_FORMATS} value={format} onChange={setFormat} labels={{ csv: 'CSV', json: 'JSON' }} />
        {type === 'prompts' ? (
          <Checkbox label={`Apply the current filters from the sidebar (${active} selected)`} checked={applyFilters} onCheckedChange={setApplyFilters} />
        ) : null}
        <div className="flex flex-col gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-center gap-2 text-sm text-slate-600" aria-live="polite">
            {format === 'csv' ? <FileSpreadsheet className="h-4 w-4" aria-hidden="true" /> : <FileJson className="h-4 w-4" aria-hidden="true" />}
            {count.data ? `${countOf(count.data.count, 'record')} will be exported` : 'Counting records...'}
          </p>
          <Button onClick={download} disabled={busy}>
            <Download className="h-4 w-4" aria-hidden="true" /> {busy ? 'Preparing...' : 'Download'}
          </Button>
        </div>
      </Card>
    </div>
  );
}
