import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Dialog } from './dialog.tsx';

interface ConfirmDialogProps {
  /** The thing to confirm, or null while closed. */
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  /** The destructive button's label, e.g. "Revoke". */
  confirmLabel: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A destructive action asked first (issue 38 item 4: revoking an API key and leaving a team happened at one click):
 * an alertdialog with Cancel (focused first) and the action's own button.
 */
export function ConfirmDialog({ open, title, description, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      role="alertdialog"
      onClose={onCancel}
      title={title}
      description={description}
      footer={
        <>
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
          <button type="button" className="btn btn-destructive" onClick={onConfirm} data-testid="confirm-action">
            {confirmLabel}
          </button>
        </>
      }
    />
  );
}
