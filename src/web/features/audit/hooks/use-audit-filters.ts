import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditAction, type AuditFilters, type AuditTargetType } from '../../../../shared/schemas/audit';

/** The filter bar's values as typed or chosen; an empty string is "no filter". */
export interface AuditFilterValues {
  actor: string;
  action: AuditAction | '';
  targetType: AuditTargetType | '';
  from: string;
  to: string;
  /** 'true' leaves out the routine sign-ins and sign-outs. */
  hideSignIns: '' | 'true';
}

export type AuditFilterName = keyof AuditFilterValues;

/** Query-string names: the API's own, so a copied address reads like the request it makes. */
const NAMES: readonly AuditFilterName[] = ['actor', 'action', 'targetType', 'from', 'to', 'hideSignIns'];

const oneOf = <T extends string>(options: readonly T[], value: string | null): T | '' =>
  value && (options as readonly string[]).includes(value) ? (value as T) : '';

/** The values the API takes: empty ones left out, the actor trimmed. */
export function toApiFilters(values: AuditFilterValues): AuditFilters {
  const out: AuditFilters = {};
  if (values.actor.trim()) out.actor = values.actor.trim();
  if (values.action) out.action = values.action;
  if (values.targetType) out.targetType = values.targetType;
  if (values.from) out.from = values.from;
  if (values.to) out.to = values.to;
  if (values.hideSignIns) out.hideSignIns = true;
  return out;
}

/**
 * The audit log's filters live in the page's query string, e.g. `/audit-log?action=business_unit.renamed&from=2026-01-01`,
 * so a reload, Back and a shared link show the same view. Typing in the actor box replaces the history
 * entry (Back does not step through keystrokes); choosing an action, a target or a day adds one. An
 * action or target the app does not know (an old link) is ignored rather than sent; a malformed day is
 * sent, so the server's message about it appears under its field.
 */
export function useAuditFilters() {
  const [params, setParams] = useSearchParams();
  return useMemo(() => {
    const values: AuditFilterValues = {
      actor: params.get('actor') ?? '',
      action: oneOf(AUDIT_ACTIONS, params.get('action')),
      targetType: oneOf(AUDIT_TARGET_TYPES, params.get('targetType')),
      from: params.get('from') ?? '',
      to: params.get('to') ?? '',
      hideSignIns: params.get('hideSignIns') === 'true' ? 'true' : '',
    };
    const update = (changes: Partial<Record<AuditFilterName, string>>, replace = false) => {
      // Start from the address bar, not this render's params: two quick changes (a choice, then typing)
      // would otherwise each start from the same old query and the second would undo the first.
      const next = new URLSearchParams(window.location.search);
      for (const [name, v] of Object.entries(changes)) {
        if (v) next.set(name, v);
        else next.delete(name);
      }
      setParams(next, { replace });
    };
    return {
      values,
      active: NAMES.some((name) => values[name] !== ''),
      set: (name: AuditFilterName, value: string) => update({ [name]: value }, name === 'actor'),
      clear: () => update(Object.fromEntries(NAMES.map((name) => [name, '']))),
    };
  }, [params, setParams]);
}
