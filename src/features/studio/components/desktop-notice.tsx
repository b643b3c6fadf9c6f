import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { Dialog } from '../../../components/dialog.tsx';
import { MOBILE_BREAKPOINT_PX } from '../../../config/constants.ts';

/** Under 768 px the studio recommends a desktop browser, once per visit (spec section 2). */
export function DesktopNotice() {
  const [open, setOpen] = useState(
    () =>
      !sessionStorage.getItem('desktop_notice_dismissed') &&
      window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`).matches,
  );
  const dismiss = () => {
    sessionStorage.setItem('desktop_notice_dismissed', '1');
    setOpen(false);
  };
  return (
    <Dialog
      open={open}
      onClose={dismiss}
      title={<Trans>Desktop Experience Recommended</Trans>}
      description={<Trans>For the best experience, please use a desktop browser for the Studio.</Trans>}
      footer={
        <button type="button" className="btn btn-primary" onClick={dismiss}>
          <Trans>Dismiss</Trans>
        </button>
      }
    />
  );
}
