import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../../lib/format.ts';
import { ZOOM_STEPS, useProTools } from '../pro-store.ts';

/** Zoom out / in buttons of the waveform (keys - and +) and the zoom level in pixels per second. */
export function ZoomControls() {
  const { t, i18n } = useLingui();
  const zoom = useProTools((s) => s.zoom);
  const zoomIn = useProTools((s) => s.zoomIn);
  const zoomOut = useProTools((s) => s.zoomOut);
  const level = formatNumber(zoom, i18n.locale);
  return (
    <div className="zoom-controls" role="group" aria-label={t`Waveform zoom`}>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        onClick={zoomOut}
        disabled={zoom <= ZOOM_STEPS[0]}
        aria-keyshortcuts="-"
        data-testid="zoom-out"
      >
        <Trans>Zoom out</Trans>
      </button>
      <span className="small muted" data-testid="zoom-level" data-value={zoom}>
        <Trans>{level} px/s</Trans>
      </span>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        onClick={zoomIn}
        disabled={zoom >= ZOOM_STEPS[ZOOM_STEPS.length - 1]}
        aria-keyshortcuts="+"
        data-testid="zoom-in"
      >
        <Trans>Zoom in</Trans>
      </button>
    </div>
  );
}
