/** A unit in the sign-up picker: stored ones have a server id, typed ones a temporary local id. */
export interface UnitOption {
  id: string;
  name: string;
}

export type UnitChoice = { kind: 'existing'; option: UnitOption } | { kind: 'new'; option: UnitOption } | { kind: 'blank' };

let tempCounter = 0;

/**
 * A typed name matching an existing unit (case-insensitively, after trimming) selects it;
 * otherwise it becomes a local unit under a temporary id until the account is created.
 */
export function chooseBusinessUnit(options: UnitOption[], typed: string): UnitChoice {
  const name = typed.trim();
  if (!name) return { kind: 'blank' };
  const match = options.find((o) => o.name.toLowerCase() === name.toLowerCase());
  if (match) return { kind: 'existing', option: match };
  tempCounter++;
  return { kind: 'new', option: { id: `temp-${Date.now()}-${tempCounter}`, name } };
}
