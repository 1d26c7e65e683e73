import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportConflictPolicy, ImportResult } from '../../../../shared/schemas/import';
import { apiRequest, isDatabaseUnavailable, toApiError } from '../../../lib/api-client';
import { getAuthToken } from '../../../lib/auth-token';
import { reportDatabaseAnswered, reportDatabaseUnavailable } from '../../../lib/database-status';
import { queryKeys, refreshAfter } from '../../../lib/query-keys';

/** The choices that go with a file; a dry run and the import that follows it send the same ones. */
export interface ImportOptions {
  onConflict: ImportConflictPolicy;
  unknownOwners: 'assign' | 'refuse';
  /** An AI application's name from the catalog, for files whose rows name none; empty for none. */
  aiModel: string;
  /** The account that owns rows naming no owner; empty: the importing admin. */
  owner: string;
  /** The business unit of rows naming none; empty: the owner's. */
  businessUnit: string;
  /** Rows nearly copying a prompt of the library are skipped. */
  skipSimilar: boolean;
  /** Other tools' placeholders become `{{name}}` variables. */
  convertPlaceholders: boolean;
}

export interface ImportRequest extends ImportOptions {
  file: File;
  dryRun: boolean;
}

/** The server tells the two kinds of file apart by this header, so it follows the file's extension. */
const contentTypeOf = (file: File) => (/\.json$/i.test(file.name) ? 'application/json' : 'text/csv');

/**
 * Sends the file itself as the request body. The api client serialises bodies as JSON, so this call
 * has its own fetch: given the File, the browser streams it from disk, and a 100 MB file never becomes
 * a string in the page. The headers and the reading of errors are the client's.
 */
export async function importPrompts({
  file,
  dryRun,
  onConflict,
  unknownOwners,
  aiModel,
  owner,
  businessUnit,
  skipSimilar,
  convertPlaceholders,
}: ImportRequest): Promise<ImportResult> {
  const params = new URLSearchParams({ dryRun: String(dryRun), onConflict, unknownOwners });
  if (skipSimilar) params.set('skipSimilar', 'true');
  if (convertPlaceholders) params.set('convertPlaceholders', 'true');
  if (aiModel) params.set('aiModel', aiModel);
  if (owner) params.set('owner', owner);
  if (businessUnit) params.set('businessUnit', businessUnit);
  const token = getAuthToken();
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': contentTypeOf(file) };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`/api/admin/import?${params.toString()}`, { method: 'POST', headers, credentials: 'include', body: file });
  if (res.status === 401 && token) {
    // The session ended while the file was on its way. Asking who is signed in answers 401 too, and the
    // api client then does what the app always does then (a toast, then the sign-in screen).
    await apiRequest('GET', queryKeys.currentUser[0]).catch(() => undefined);
  }
  if (!res.ok) {
    const err = await toApiError(res);
    if (isDatabaseUnavailable(err)) reportDatabaseUnavailable();
    else reportDatabaseAnswered();
    throw err;
  }
  reportDatabaseAnswered();
  return (await res.json()) as ImportResult;
}

/**
 * Checks (dry run) or imports a file. An import can add prompts, overwrite them and add AI applications
 * the catalog did not have, so every view of those refreshes after one.
 */
export function useImportPrompts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: importPrompts,
    onSuccess: (result) => {
      if (result.dryRun) return;
      refreshAfter.promptChange(qc);
      void qc.invalidateQueries({ queryKey: queryKeys.aiModels });
    },
  });
}
