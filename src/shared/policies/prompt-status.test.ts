import { describe, expect, it } from 'vitest';
import { canCuratePrompt, statusChangeRefusal, statusChoices } from './prompt-status';

// Who may move a prompt to which status: editors (owner, co-owners, admins) and curators, from where.
const prompt = { userId: 'owner', coOwnerIds: ['co'], userBusinessUnit: 'Legal', visibility: 'units' as const, visibleUnits: ['Sales'] };

describe('curators', () => {
  it('curate the prompts of their units’ members and those shared with their units; admins curate all', () => {
    expect(canCuratePrompt({ id: 'c', role: 'read', curatorUnits: ['Legal'] }, prompt)).toBe(true);
    expect(canCuratePrompt({ id: 'c', role: 'edit', curatorUnits: ['Sales'] }, prompt)).toBe(true);
    expect(canCuratePrompt({ id: 'c', role: 'edit', curatorUnits: ['Sales'] }, { ...prompt, visibility: 'organization' })).toBe(false);
    expect(canCuratePrompt({ id: 'c', role: 'edit', curatorUnits: ['HR'] }, prompt)).toBe(false);
    expect(canCuratePrompt({ id: 'owner', role: 'edit' }, prompt)).toBe(false);
    expect(canCuratePrompt({ id: 'a', role: 'admin' }, prompt)).toBe(true);
  });
});

describe('status changes', () => {
  const editor = { edits: true, curates: false };
  const curator = { edits: false, curates: true };
  const reader = { edits: false, curates: false };

  it('give editors drafts, publishing and deprecation, and curators verification', () => {
    expect(statusChoices(editor, 'draft')).toEqual(['published']);
    expect(statusChoices(editor, 'published')).toEqual(['draft', 'deprecated']);
    expect(statusChoices(curator, 'published')).toEqual(['verified', 'deprecated']);
    expect(statusChoices(curator, 'verified')).toEqual(['published', 'verified', 'deprecated']);
    expect(statusChoices(curator, 'deprecated')).toEqual(['published', 'verified']);
    expect(statusChoices(curator, 'draft')).toEqual([]);
    expect(statusChoices(reader, 'published')).toEqual([]);
    expect(statusChoices({ edits: true, curates: true }, 'published')).toEqual(['draft', 'verified', 'deprecated']);
  });

  it('answer 403 to those without the right and 400 to a change that makes no sense', () => {
    expect(statusChangeRefusal(editor, 'published', 'verified')).toEqual({
      status: 403,
      message: "Only a curator of the prompt's business unit can verify it",
    });
    expect(statusChangeRefusal(curator, 'draft', 'published')).toEqual({
      status: 403,
      message: "Only the prompt's owner and co-owners decide when a draft is published",
    });
    expect(statusChangeRefusal(editor, 'draft', 'deprecated')).toEqual({ status: 400, message: 'A draft cannot be deprecated: publish it or delete it' });
    expect(statusChangeRefusal(reader, 'published', 'deprecated')?.status).toBe(403);
    expect(statusChangeRefusal(curator, 'verified', 'verified')).toBeNull();
  });
});
