import { useDropzone, type Accept, type FileRejection } from 'react-dropzone';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../components/toast/toast-store.ts';
import type { ReactNode } from 'react';

interface DropZoneProps {
  accept: Accept;
  maxSize: number;
  hint: ReactNode;
  onFile: (file: File) => void;
  testId: string;
}

/** One-file drop zone (drag and drop, or click to browse) with the spec's rejection messages (section 5). */
export function DropZone({ accept, maxSize, hint, onFile, testId }: DropZoneProps) {
  const { t } = useLingui();
  const describe = (rejection: FileRejection) =>
    rejection.errors
      .map((e) => {
        const types = Object.entries(accept).flatMap(([mime, exts]) => [mime, ...exts]).join(', ');
        if (e.code === 'file-invalid-type') return t`File type must be ${types}`;
        if (e.code === 'file-too-large') return t`File is larger than ${maxSize} bytes`;
        if (e.code === 'file-too-small') return t`File is smaller than ${0} bytes`;
        if (e.code === 'too-many-files') return t`Too many files`;
        return e.message;
      })
      .join(' ');
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept,
    maxSize,
    maxFiles: 1,
    multiple: false,
    onDropAccepted: (files) => files[0] && onFile(files[0]),
    onDropRejected: (rejections) =>
      toast({ title: t`File not accepted`, description: rejections.length > 1 ? t`Too many files` : describe(rejections[0]), variant: 'destructive' }),
  });
  return (
    <div {...getRootProps({ className: `drop-zone${isDragActive ? ' active' : ''}` })} data-testid={testId}>
      <input {...getInputProps()} data-testid={`${testId}-input`} />
      <div className="drop-icon" aria-hidden="true">
        <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2"><path d="M12 16V4M7 9l5-5 5 5" /><path d="M4 16v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" /></svg>
      </div>
      <p className="drop-title">{isDragActive ? <Trans>Drop the file here</Trans> : <Trans>Drag and drop a file here, or click to browse</Trans>}</p>
      <p className="drop-hint">{hint}</p>
    </div>
  );
}
