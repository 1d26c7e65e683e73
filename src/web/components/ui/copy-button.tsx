import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from './button';
import { toast } from '../../lib/toast';

interface Props {
  text: string;
  label: string;
  copiedLabel?: string;
  /** Called once the text is on the clipboard (a copied prompt counts as a use). */
  onCopied?: () => void;
}

export function CopyButton({ text, label, copiedLabel = 'Copied!', onCopied }: Props) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          onCopied?.();
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        } catch {
          toast({ title: 'Error', description: 'Could not copy to the clipboard', variant: 'destructive' });
        }
      }}
    >
      {copied ? <Check className="h-4 w-4 text-emerald-600" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </Button>
  );
}
