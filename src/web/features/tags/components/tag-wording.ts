import type { AdminTag } from '../../../../shared/schemas/tags';
import { countOf } from '../../../../shared/plural';

/** "1 prompt", "12 prompts", "1,234 prompts". */
export const promptCount = (n: number) => countOf(n, 'prompt');

/** "1 tag", "40 tags". */
export const tagCount = (n: number) => countOf(n, 'tag');

const q = (name: string) => `“${name}”`;

/**
 * The tag a typed name would land on: another tag spelled the same in any case. The server compares
 * the same way, so what the dialog announces is what the server does.
 */
export function existingTag(tags: readonly AdminTag[], name: string, except: ReadonlySet<string>): AdminTag | undefined {
  const wanted = name.trim().toLowerCase();
  if (!wanted) return undefined;
  return tags.find((t) => !except.has(t.id) && t.name.toLowerCase() === wanted);
}

/** Success toast of a rename, which may have met another tag and merged into it. */
export function renamedText(from: string, to: string | null, prompts: number, merged: boolean): string {
  return `${merged ? 'Merged' : 'Renamed'} ${q(from)} ${merged ? 'into' : 'to'} ${q(to ?? '')} in ${promptCount(prompts)}`;
}

/** Success toast of a merge: the tags that went away, by name while they are few. */
export function mergedText(sources: readonly string[], into: string, prompts: number): string {
  const what = sources.length === 0 ? 'the tags' : sources.length <= 2 ? sources.map(q).join(' and ') : `${sources.length.toLocaleString('en-US')} tags`;
  return `Merged ${what} into ${q(into)} in ${promptCount(prompts)}`;
}

/** Success toast of a delete. */
export function deletedText(name: string, prompts: number): string {
  return prompts === 0 ? `Deleted ${q(name)}` : `Deleted ${q(name)} from ${promptCount(prompts)}`;
}
