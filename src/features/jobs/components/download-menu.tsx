import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../components/toast/toast-store.ts';
import type { JobResponse } from '../../../../contract/jobs.ts';
import { downloadFile, outputFilesOf, type OutputFile } from '../api/jobs.api.ts';
import { OUTPUT_LABELS } from '../labels.ts';
import { languageLabel } from '../../../config/languages.ts';
import { Icon } from '../../../components/icon.tsx';

/**
 * Download: one entry per output file; a failed fetch opens the URL in a new tab (spec section 8), except offline,
 * where the user is told the file is not saved on this device. A file that renders an older revision than the
 * latest edit (render graph) is listed last and says so: it is never offered as the current file.
 */
export function DownloadMenu({ job }: { job: JobResponse }) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  // Opens upward when there is no room below (the menu stays on screen at any size; issue 15 item 14).
  const [upward, setUpward] = useState(false);
  // Pixels the menu is moved sideways to stay on screen: on a phone the button may sit anywhere in the row, and a
  // menu aligned with its end ran off the left (English) or right (Arabic) edge (issue 22 item 4).
  const [shift, setShift] = useState(0);
  // The menu's height when neither side has room for all of it: it scrolls (issue 38 item 4: it ended 3 px below an
  // 812 px phone screen).
  const [maxHeight, setMaxHeight] = useState<number | null>(null);
  const files = outputFilesOf(job);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => !ref.current?.contains(e.target as Node) && setOpen(false);
    // Escape closes it and gives the focus back to the button.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  useLayoutEffect(() => {
    if (!open || !menu.current || !button.current) {
      setShift(0);
      setMaxHeight(null);
      return;
    }
    const at = button.current.getBoundingClientRect();
    const box = menu.current.getBoundingClientRect();
    // The space between the button and the menu as drawn now (CSS: 0.4rem on either side).
    const gap = upward ? at.top - box.bottom : box.top - at.bottom;
    const fit = blockFit(at.top, at.bottom, box.height, gap, window.innerHeight);
    setUpward(fit.upward);
    setMaxHeight(fit.maxHeight);
    setShift(sideShift(box.left, box.right, document.documentElement.clientWidth));
    // Without scrolling the page: the menu is placed on screen by the lines above.
    menu.current.querySelector<HTMLElement>('[role="menuitem"]')?.focus({ preventScroll: true });
    // Measured once per opening: `upward` is only read to know where the menu was drawn at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const onMenuKey = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const next = (index + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
    items[next]?.focus();
  };
  if (files.length === 0) return null;

  const label = (f: OutputFile) => {
    const kind = { ...OUTPUT_LABELS[f.kind], values: { ext: f.ext.toUpperCase() } };
    // The language by name in the interface language ("Spanish", "الإسبانية"), not its code (issue 38 item 4).
    return `${languageLabel(f.lang, i18n)} · ${i18n._(kind)}`;
  };
  const start = async (file: OutputFile) => {
    setOpen(false);
    // The chosen item goes away with the menu: the focus goes back to the button, not to the top of the page.
    button.current?.focus();
    const isDocument = job.job_type === 'document_translation';
    toast({
      title: t`Starting Download`,
      description: isDocument
        ? t`Your document will begin downloading.`
        : t`Your file ${file.filename} will begin downloading.`,
    });
    try {
      await downloadFile(file.url, file.filename);
    } catch {
      // Offline, a file never saved on this device cannot open in a new tab either: say so (issue 15 item 10).
      if (!navigator.onLine) {
        toast({
          title: t`You are offline`,
          description: t`This file is not saved on this device yet. Download it again when you are back online.`,
          variant: 'destructive',
        });
        return;
      }
      toast({
        title: t`Download Failed`,
        description: t`Could not download the file. Opening in a new tab as a fallback.`,
        variant: 'destructive',
      });
      window.open(file.url, '_blank', 'noopener');
    }
  };

  return (
    <div className="download-menu" ref={ref}>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        ref={button}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon size={16}>
          <path d="M12 4v12M7 11l5 5 5-5M5 20h14" />
        </Icon>
        <Trans>Download</Trans>
      </button>
      {open ? (
        <div
          ref={menu}
          className={`menu${upward ? ' menu-up' : ''}`}
          style={{
            ...(shift ? { transform: `translateX(${shift}px)` } : {}),
            ...(maxHeight !== null ? { maxBlockSize: `${maxHeight}px` } : {}),
          }}
          role="menu"
          aria-label={t`Download`}
          tabIndex={-1}
          onKeyDown={onMenuKey}
          data-testid="download-menu"
        >
          {files.map((f) => (
            <button
              key={f.url}
              type="button"
              role="menuitem"
              className="menu-item"
              onClick={() => void start(f)}
              data-ext={f.ext}
              data-lang={f.lang}
              data-stale={f.stale ? 'true' : undefined}
            >
              {label(f)}
              <span className="menu-item-sub" dir="ltr">
                {f.filename}
              </span>
              {f.stale ? (
                <span className="menu-item-stale" data-testid="stale-output">
                  {f.stale.path === 'picture' ? (
                    <Trans>Before your latest edits: the updated video is being made</Trans>
                  ) : (
                    <Trans>Before your latest edits: re-dub to update it</Trans>
                  )}
                </span>
              ) : null}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** Space kept between a menu and the screen's edge, CSS pixels. */
const EDGE_PX = 8;

/**
 * How far (CSS pixels, + to the right) a menu spanning `left`..`right` on a screen `width` wide must move to stay
 * on it with EDGE_PX to spare; a menu wider than the screen keeps its left edge on screen.
 */
export function sideShift(left: number, right: number, width: number): number {
  if (left < EDGE_PX) return EDGE_PX - left;
  if (right > width - EDGE_PX) return Math.max(EDGE_PX - left, width - EDGE_PX - right);
  return 0;
}

/** The least height a squeezed menu keeps (about two entries), CSS pixels. */
const MIN_MENU_PX = 96;

/**
 * Where a menu `height` pixels high opens beside a button spanning `top`..`bottom` on a screen `viewport` pixels
 * high, `gap` pixels from the button: below when it fits there (or there is more room below), else above; when
 * the side chosen has less room than `height` (EDGE_PX kept from the screen's edge), `maxHeight` is that room (the
 * menu scrolls), at least MIN_MENU_PX; else null.
 */
export function blockFit(
  top: number,
  bottom: number,
  height: number,
  gap: number,
  viewport: number,
): { upward: boolean; maxHeight: number | null } {
  const below = viewport - bottom - gap - EDGE_PX;
  const above = top - gap - EDGE_PX;
  const upward = height > below && above > below;
  const room = Math.floor(upward ? above : below);
  return { upward, maxHeight: height > room ? Math.max(MIN_MENU_PX, room) : null };
}
