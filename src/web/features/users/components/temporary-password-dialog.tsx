import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';

export interface TemporaryPassword {
  email: string;
  password: string;
  expiresAt: string;
}

interface Props {
  temporary: TemporaryPassword | null;
  onClose: () => void;
}

const expiryFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The only time a temporary password is visible: the server keeps just its hash. The admin copies it
 * and passes it on; it stops working at the shown time.
 */
export function TemporaryPasswordDialog({ temporary, onClose }: Props) {
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setCopied(false), [temporary?.password]);

  const copy = async () => {
    if (!temporary) return;
    try {
      await navigator.clipboard.writeText(temporary.password);
      setCopied(true);
    } catch {
      // Clipboard refused (no permission, or plain HTTP on a LAN address): select the text for Ctrl+C.
      input.current?.select();
    }
  };

  return (
    <Dialog open={Boolean(temporary)} onOpenChange={(o) => !o && onClose()}>
      <DialogContent title="Temporary password" description={`Give this password to ${temporary?.email ?? ''}. It is shown only once.`}>
        <div className="space-y-4">
          <FormField label="Temporary password">
            {(control) => (
              <div className="flex items-center gap-2">
                <Input
                  {...control}
                  ref={input}
                  readOnly
                  value={temporary?.password ?? ''}
                  onFocus={(e) => e.currentTarget.select()}
                  className="flex-1 text-center font-mono text-lg tracking-wider"
                />
                <Button variant="secondary" onClick={() => void copy()}>
                  {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              </div>
            )}
          </FormField>
          <p className="text-sm text-slate-600">
            They must change it when they sign in. It expires on{' '}
            <strong className="font-medium text-slate-900">{temporary ? expiryFormat.format(new Date(temporary.expiresAt)) : ''}</strong>; after that an
            administrator has to reset the password again.
          </p>
          <DialogFooter>
            <Button onClick={onClose}>Done</Button>
          </DialogFooter>
        </div>
      </DialogContent>
    </Dialog>
  );
}
