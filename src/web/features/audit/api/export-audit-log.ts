import { useMutation } from '@tanstack/react-query';
import type { AuditFilters } from '../../../../shared/schemas/audit';
import { apiRequest } from '../../../lib/api-client';
import { startDownload } from '../../../lib/download';

/**
 * Exports the filtered log as CSV. The browser streams it to disk through a one-time link, so a year
 * of events never sits in this page's memory (and a bearer header cannot ride on a plain download).
 */
export function useExportAuditLog() {
  return useMutation({
    mutationFn: (filters: AuditFilters) => apiRequest<{ url: string }>('POST', '/api/admin/audit/export/tickets', filters),
    onSuccess: ({ url }) => startDownload(url),
  });
}
