// Who may see a prompt, in the words both the server and the screens use. The rule itself is
// canViewPrompt (policies/prompts.ts) and, for lists, its SQL twin on the server.

/**
 * `private`: its owner, its co-owners and admins. `units`: members of the listed business units (and
 * the owner, co-owners and admins). `organization`: every signed-in member.
 */
export const VISIBILITIES = ['private', 'units', 'organization'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** The sidebar's names for the three, as a filter. */
export const VISIBILITY_FILTER_LABELS: Record<Visibility, string> = {
  private: 'Only me',
  units: 'My units',
  organization: 'Organization',
};

/** The form's names for the three choices of "Who can see this". */
export const VISIBILITY_CHOICE_LABELS: Record<Visibility, string> = {
  private: 'Only me and co-owners',
  units: 'Business units',
  organization: 'Everyone in the organization',
};

/**
 * A member's unit decides which unit prompts they see, so only an administrator moves a member to
 * another unit; a member without one may still choose it (as at sign-up).
 */
export const SELF_UNIT_CHANGE_MESSAGE = 'Only an administrator can move you to another business unit';

export function canChangeOwnUnit(user: { role: string; businessUnit: string }): boolean {
  return user.role === 'admin' || user.businessUnit === '';
}

/** A prompt shared with at most this many units. */
export const MAX_VISIBLE_UNITS = 50;

export const VISIBILITY_MESSAGES = {
  unknown: 'Visibility must be private, units or organization',
  noUnits: 'Choose at least one business unit',
  unitsWithoutUnitsVisibility: 'Business units are only given with units visibility',
} as const;

/** The badge of a prompt that not everyone sees ("Private", "Units: Legal, HR"); none for the organization. */
export function visibilityBadge(visibility: Visibility, units: readonly string[]): string | null {
  if (visibility === 'private') return 'Private';
  if (visibility === 'units') return `Units: ${units.join(', ')}`;
  return null;
}
