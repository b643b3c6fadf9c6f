/**
 * The one wrapper of wavesurfer.js 7 and its regions plugin (house style 3): a waveform drawn from a media
 * element's file, and one region per cue whose edges can be dragged. Callers pass plain cue data and get
 * plain callbacks; nothing else imports wavesurfer. Time runs left to right in both interface languages.
 */
import WaveSurfer from 'wavesurfer.js';
import RegionsPlugin, { type Region } from 'wavesurfer.js/dist/plugins/regions.esm.js';

/** One region: a cue's `[start, end)` in seconds, its text as label, highlighted when active or warned. */
export interface WaveformRegion {
  id: string;
  start: number;
  end: number;
  label: string;
  active: boolean;
  warned: boolean;
  /** The region's own colour (CSS colour; the cue's speaker in the editor) when neither active nor warned. */
  colour?: string;
}

export interface WaveformOptions {
  container: HTMLElement;
  /** The page's <video> or <audio>: playback stays there; the waveform follows and seeks it. */
  media: HTMLMediaElement;
  /** The media file: fetched once to draw the waveform (a file the browser cannot decode gets a flat line). */
  url: string;
  /** Length used for the flat line when the file cannot be decoded, seconds. */
  fallbackDuration: number;
  /** A region edge was dragged (seconds). */
  onRegionChange: (id: string, start: number, end: number) => void;
  onRegionClick: (id: string) => void;
}

export interface Waveform {
  /** Makes the regions match `regions` (adds, moves, relabels and removes; the cue id is the region id). */
  setRegions: (regions: readonly WaveformRegion[]) => void;
  /**
   * Zooms to `pxPerSec` pixels per second of media, keeping the playhead in view (centred). Applied once the
   * waveform is drawn when called before.
   */
  zoom: (pxPerSec: number) => void;
  destroy: () => void;
}

/** A region's label: one short line, cut with an ellipsis (the full text is in the cue list). */
function labelOf(text: string): HTMLElement {
  const el = document.createElement('div');
  el.textContent = text;
  el.dir = 'auto';
  Object.assign(el.style, {
    fontSize: '11px',
    lineHeight: '1.3',
    padding: '2px 4px',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    maxWidth: '100%',
    boxSizing: 'border-box',
  });
  return el;
}

const COLOR = 'rgba(79, 70, 229, 0.18)';
const ACTIVE = 'rgba(79, 70, 229, 0.38)';
const WARNED = 'rgba(217, 119, 6, 0.3)';

/** Creates the waveform under `container`. */
export function createWaveform(options: WaveformOptions): Waveform {
  const regions = RegionsPlugin.create();
  const ws = WaveSurfer.create({
    container: options.container,
    media: options.media,
    height: 96,
    waveColor: '#94a3b8',
    progressColor: '#4f46e5',
    cursorColor: '#dc2626',
    minPxPerSec: 60,
    autoScroll: true,
    autoCenter: true,
    dragToSeek: true,
    plugins: [regions],
  });
  let wanted: readonly WaveformRegion[] = [];
  let ready = false;
  let pxPerSec = 60;
  const applyZoom = () => {
    if (!ready) return;
    ws.zoom(pxPerSec);
    const visibleSeconds = ws.getWidth() / pxPerSec;
    ws.setScrollTime(Math.max(0, ws.getCurrentTime() - visibleSeconds / 2));
  };
  const sync = () => {
    if (!ready) return;
    const byId = new Map(regions.getRegions().map((r) => [r.id, r] as const));
    for (const cue of wanted) {
      const color = cue.active ? ACTIVE : cue.warned ? WARNED : (cue.colour ?? COLOR);
      const region: Region | undefined = byId.get(cue.id);
      byId.delete(cue.id);
      if (!region) {
        regions.addRegion({
          id: cue.id,
          start: cue.start,
          end: cue.end,
          content: labelOf(cue.label),
          color,
          drag: false,
          minLength: 0.2,
        });
        continue;
      }
      if (region.start !== cue.start || region.end !== cue.end) region.setOptions({ start: cue.start, end: cue.end });
      if (region.color !== color) region.setOptions({ color });
      if (region.content?.textContent !== cue.label) region.setOptions({ content: labelOf(cue.label) });
    }
    for (const stale of byId.values()) stale.remove();
  };
  regions.on('region-updated', (region) => {
    options.onRegionChange(region.id, region.start, region.end);
    // An edge the caller refused or clamped goes back to the cue's time (a change arrives through setRegions).
    setTimeout(sync, 0);
  });
  regions.on('region-clicked', (region, event) => {
    event.stopPropagation();
    options.onRegionClick(region.id);
  });
  ws.on('ready', () => {
    ready = true;
    sync();
    if (pxPerSec !== 60) applyZoom();
  });
  ws.load(options.url).catch((error: unknown) => {
    console.warn('The waveform could not be drawn from the media; showing a flat line.', error);
    // Not decodable here (codec, CORS or size): a flat line still carries the regions and the seeking.
    const duration = options.media.duration || options.fallbackDuration;
    void ws.load(options.url, [[0, 0]], duration).catch(() => undefined);
  });
  return {
    setRegions: (next) => {
      wanted = next;
      sync();
    },
    zoom: (next) => {
      pxPerSec = next;
      applyZoom();
    },
    destroy: () => ws.destroy(),
  };
}
