import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys, refreshAfter } from './query-keys';

/** A client holding fresh data under the keys the screens use, as after a few page visits. */
function warmClient() {
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const keys = {
    allPromptsFiltered: ['/api/prompts', { search: 'sql', tags: 'Legal' }],
    onePrompt: queryKeys.prompt('p1'),
    myPrompts: ['/api/prompts/my', { search: '' }],
    counts: queryKeys.filterCounts,
    users: queryKeys.adminUsers,
    units: queryKeys.businessUnits,
    adminUnits: queryKeys.adminBusinessUnits,
    me: queryKeys.currentUser,
    fields: queryKeys.formFields,
  } as const;
  for (const key of Object.values(keys)) qc.setQueryData(key, { cached: true });
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => qc.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { qc, stale };
}

describe('refreshing what a change shows up in', () => {
  it('a business unit rename reaches prompts (they show the unit), users, the counts and both unit lists', () => {
    const { qc, stale } = warmClient();
    refreshAfter.businessUnitChange(qc);
    expect(stale()).toEqual(['adminUnits', 'allPromptsFiltered', 'counts', 'me', 'myPrompts', 'onePrompt', 'units', 'users']);
  });

  it('a user edit or a profile change reaches every prompt view (author names) and the user list', () => {
    for (const change of [refreshAfter.userChange, refreshAfter.profileChange]) {
      const { qc, stale } = warmClient();
      change(qc);
      expect(stale()).toEqual(expect.arrayContaining(['allPromptsFiltered', 'myPrompts', 'onePrompt', 'users']));
      expect(stale()).not.toContain('fields');
    }
  });

  it('a prompt change leaves users, units and form fields alone', () => {
    const { qc, stale } = warmClient();
    refreshAfter.promptChange(qc);
    expect(stale()).toEqual(['allPromptsFiltered', 'counts', 'myPrompts', 'onePrompt']);
  });
});

describe('a read under way when a write lands', () => {
  it('does not count as fresh for a view off screen: the list is read again when it next shows', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    const key = ['/api/prompts', { search: '' }];
    let answer!: (value: string) => void;
    // The list, left for the form while an earlier action's refresh of it is still on its way.
    const reading = qc.fetchQuery({ queryKey: key, queryFn: () => new Promise<string>((resolve) => (answer = resolve)) }).catch(() => undefined);
    refreshAfter.promptChange(qc);
    answer('the list before the write');
    await reading;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(qc.getQueryState(key)?.isInvalidated).toBe(true);
  });
});
