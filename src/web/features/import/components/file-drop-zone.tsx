import { FileText, Upload } from 'lucide-react';
import { type DragEvent, type RefObject, useId, useState } from 'react';
import { IMPORT_MAX_BYTES } from '../../../../shared/schemas/import';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { countOf } from '../../../../shared/plural';

const ACCEPTED_NAME = /\.(csv|json)$/i;
const MAX_MB = IMPORT_MAX_BYTES / 1024 / 1024;

/** "812 bytes", "14.2 KB", "3.5 MB". */
function formatSize(bytes: number): string {
  if (bytes < 1024) return countOf(bytes, 'byte');
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Why the server would refuse this file before reading a row of it, or null. Said here so that a
 * wrong or huge file is not first sent across the network only to be turned away.
 */
function problemWith(file: File): string | null {
  if (!ACCEPTED_NAME.test(file.name)) return `“${file.name}” is not a CSV or JSON file. Choose a file whose name ends in .csv or .json.`;
  if (file.size > IMPORT_MAX_BYTES) return `“${file.name}” is ${formatSize(file.size)}; an import takes files of up to ${MAX_MB} MB.`;
  return null;
}

/** Only a drag that carries files is welcome; dragged text or links are left to the browser. */
const carriesFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files');

/**
 * The file picker inside a drop zone. The real file input is the keyboard path: it takes the focus
 * (the zone shows the focus ring) and Enter or Space opens the system's file dialog; the visible
 * button is its label, so a click anywhere on it does the same.
 */
export function FileDropZone({
  file,
  disabled,
  inputRef,
  onFile,
  onRefuse,
}: {
  file: File | null;
  disabled: boolean;
  /** For the page to give the picker the focus again ("Import another file"). */
  inputRef?: RefObject<HTMLInputElement | null>;
  onFile: (file: File) => void;
  /** A file that cannot be imported was chosen or dropped: the reason, for the page's alert. */
  onRefuse: (message: string) => void;
}) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);

  const take = (files: FileList | null) => {
    const chosen = files?.[0];
    if (!chosen) return;
    const problem = problemWith(chosen);
    if (problem) onRefuse(problem);
    else onFile(chosen);
  };
  const onDragOver = (e: DragEvent) => {
    if (disabled || !carriesFiles(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  return (
    <div
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={(e) => {
        // Moving over the zone's own text fires a leave too; only leaving the zone ends the highlight.
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        setDragging(false);
        if (!disabled) take(e.dataTransfer.files);
      }}
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors',
        'has-[input:focus-visible]:border-brand-500',
        dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50',
      )}
    >
      <div className="rounded-full bg-brand-50 p-3 text-brand-600">
        <Upload className="h-6 w-6" aria-hidden="true" />
      </div>
      {file ? (
        // Inline, so that a long name wraps like text with the icon before it and the size after it.
        <p id={`${inputId}-chosen`} className="max-w-full text-sm text-slate-800">
          <FileText className="mr-1.5 inline h-4 w-4 align-[-3px] text-slate-500" aria-hidden="true" />
          <span className="font-medium [overflow-wrap:anywhere]">{file.name}</span>{' '}
          <span className="whitespace-nowrap text-slate-500">({formatSize(file.size)})</span>
        </p>
      ) : (
        <p className="text-sm text-slate-700">{dragging ? 'Drop the file to choose it' : 'Drag a file here, or'}</p>
      )}
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept=".csv,.json"
        className="peer sr-only"
        disabled={disabled}
        aria-describedby={file ? `${inputId}-chosen ${inputId}-hint` : `${inputId}-hint`}
        onChange={(e) => {
          take(e.target.files);
          // Cleared so that choosing the same file again (corrected on disk) still counts as a change.
          e.target.value = '';
        }}
      />
      <label
        htmlFor={inputId}
        className={buttonClass(
          'secondary',
          'md',
          'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-70',
        )}
      >
        {file ? 'Choose another file' : 'Choose a file'}
      </label>
      <p id={`${inputId}-hint`} className="text-xs text-slate-500">
        CSV or JSON, up to {MAX_MB} MB
      </p>
    </div>
  );
}
