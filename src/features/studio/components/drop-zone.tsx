import { useDropzone, type Accept, type FileRejection } from 'react-dropzone';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../components/toast/toast-store.ts';
import { useId, type ReactNode } from 'react';
import { formatBytes } from '../../../lib/format.ts';
import { Icon } from '../../../components/icon.tsx';

interface DropZoneProps {
  accept: Accept;
  maxSize: number;
  hint: ReactNode;
  /** The accessible name of the zone ('Choose a video or audio file'). */
  name: string;
  /** What the zone accepts, in words ('a video or audio file'), for the refusal of another type. */
  kindText: string;
  onFile: (file: File) => void;
  testId: string;
}

/** One-file drop zone (drag and drop, or click to browse) with the spec's rejection messages (section 5). */
export function DropZone({ accept, maxSize, hint, name, kindText, onFile, testId }: DropZoneProps) {
  const { t, i18n } = useLingui();
  const hintId = useId();
  // One plain sentence per refusal: no MIME type lists, sizes in the user's units.
  const describe = (rejection: FileRejection) => {
    const codes = rejection.errors.map((e) => e.code);
    if (codes.includes('file-too-small')) return t`This file is empty. Choose another file.`;
    if (codes.includes('file-invalid-type')) return t`This type of file is not supported. Choose ${kindText}.`;
    if (codes.includes('file-too-large'))
      return t`This file is too large. The limit is ${formatBytes(maxSize, i18n.locale)}.`;
    return t`This file cannot be used. Choose another file.`;
  };
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept,
    maxSize,
    // A 0-byte file is refused here, before any upload or job (issue 15 item 4).
    minSize: 1,
    maxFiles: 1,
    multiple: false,
    onDropAccepted: (files) => files[0] && onFile(files[0]),
    onDropRejected: (rejections) =>
      toast({
        title: t`File not accepted`,
        description: rejections.length > 1 ? t`Too many files` : describe(rejections[0]),
        variant: 'destructive',
      }),
  });
  return (
    <div
      {...getRootProps({ className: `drop-zone${isDragActive ? ' active' : ''}` })}
      role="button"
      aria-label={name}
      aria-describedby={hintId}
      data-testid={testId}
    >
      <input {...getInputProps()} data-testid={`${testId}-input`} />
      <div className="drop-icon" aria-hidden="true">
        <Icon size={28}>
          <path d="M12 16V4M7 9l5-5 5 5" />
          <path d="M4 16v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
        </Icon>
      </div>
      <p className="drop-title">
        {isDragActive ? (
          <Trans>Drop the file here</Trans>
        ) : (
          <>
            <span className="drop-desktop">
              <Trans>Drag and drop a file here, or click to browse</Trans>
            </span>
            <span className="drop-touch">
              <Trans>Tap to choose a file</Trans>
            </span>
          </>
        )}
      </p>
      <p className="drop-hint" id={hintId}>
        {hint}
      </p>
    </div>
  );
}
