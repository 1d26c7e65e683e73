import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { MAX_VOTE_NOTE, type VoteValue } from '../../../../shared/schemas/feedback';
import type { Prompt } from '../../../../shared/schemas/prompts';
import { Button, buttonClass } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/error-box';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/utils';
import { useUsedJustNow, useVote } from './vote-queries';

const CHOICES: Array<{ value: VoteValue; label: string; Icon: typeof ThumbsUp; on: string }> = [
  { value: 'up', label: 'Worked well', Icon: ThumbsUp, on: 'border-emerald-300 bg-emerald-50 text-emerald-900 hover:bg-emerald-100' },
  { value: 'down', label: 'Didn’t work', Icon: ThumbsDown, on: 'border-rose-300 bg-rose-50 text-rose-900 hover:bg-rose-100' },
];

/**
 * "Did it work?": two toggle buttons with their counts (pressing the pressed one takes the vote back),
 * and once voted, an optional note for the people who maintain the prompt.
 */
export function VoteButtons({ prompt }: { prompt: Pick<Prompt, 'id' | 'votes' | 'myVote' | 'myVoteNote'> }) {
  const vote = useVote(prompt.id);
  const [editing, setEditing] = useState(false);
  const labelId = useId();
  // While a vote is on its way, the buttons show it (a take-back, null, shows neither pressed).
  const mine = vote.isPending ? (vote.variables?.value ?? null) : prompt.myVote;
  const noteButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // When the note form closes, the focus goes back to the button that opened it, once it is there again.
  useEffect(() => {
    if (wasEditing.current && !editing) noteButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const closeNote = () => setEditing(false);
  // Once they used it and before they vote, the question is asked a little louder, never in the way.
  const asking = useUsedJustNow(prompt.id) && !prompt.myVote;
  return (
    <div className="flex flex-col gap-2">
      <div
        role="group"
        aria-labelledby={labelId}
        className={cn('flex flex-wrap items-center gap-2 self-start rounded-lg', asking && '-mx-2 bg-brand-50 px-2 py-1.5 ring-1 ring-brand-200')}
      >
        <span id={labelId} className={cn('text-sm font-medium', asking ? 'text-brand-900' : 'text-slate-700')}>
          Did it work?
        </span>
        <span className="sr-only" aria-live="polite">
          {asking ? 'You used this prompt. Did it work? Say so with Worked well or Didn’t work.' : ''}
        </span>
        {CHOICES.map(({ value, label, Icon, on }) => {
          const pressed = mine === value;
          return (
            <button
              key={value}
              type="button"
              aria-pressed={pressed}
              disabled={vote.isPending}
              onClick={() => vote.mutate(pressed ? null : { value, ...(prompt.myVoteNote ? { note: prompt.myVoteNote } : {}) })}
              className={cn(buttonClass('secondary', 'sm'), pressed && on)}
            >
              <Icon className="h-4 w-4" aria-hidden="true" />
              {label}
              <span className="tabular-nums text-slate-600" aria-label={`, ${prompt.votes[value]} ${prompt.votes[value] === 1 ? 'vote' : 'votes'}`}>
                {prompt.votes[value]}
              </span>
            </button>
          );
        })}
        {prompt.myVote && !editing ? (
          <Button ref={noteButton} variant="link" size="sm" onClick={() => setEditing(true)}>
            {prompt.myVoteNote ? 'Edit your note' : 'Add a note'}
          </Button>
        ) : null}
      </div>
      {vote.isError ? <ErrorBox inline>{errorMessage(vote.error, 'Could not save your vote')}</ErrorBox> : null}
      {editing && prompt.myVote ? <NoteForm value={prompt.myVote} note={prompt.myVoteNote ?? ''} promptId={prompt.id} onDone={closeNote} /> : null}
    </div>
  );
}

function NoteForm({ promptId, value, note, onDone }: { promptId: string; value: VoteValue; note: string; onDone: () => void }) {
  const vote = useVote(promptId);
  const [text, setText] = useState(note);
  const box = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  useEffect(() => box.current?.focus(), []);
  return (
    <form
      className="flex max-w-xl flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        vote.mutate({ value, note: text }, { onSuccess: onDone });
      }}
    >
      <label htmlFor={id} className="text-sm text-slate-700">
        A note for the people who maintain this prompt (optional)
      </label>
      <textarea
        id={id}
        ref={box}
        value={text}
        maxLength={MAX_VOTE_NOTE}
        rows={3}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone();
        }}
        className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600"
      />
      <div className="flex items-center gap-2">
        <Button type="submit" size="sm" disabled={vote.isPending}>
          Save note
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <span className="ml-auto text-xs text-slate-500 tabular-nums">
          {text.length.toLocaleString('en-US')} / {MAX_VOTE_NOTE.toLocaleString('en-US')}
        </span>
      </div>
      {vote.isError ? <ErrorBox inline>{errorMessage(vote.error, 'Could not save your note')}</ErrorBox> : null}
    </form>
  );
}
