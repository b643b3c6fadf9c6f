import { Trans, useLingui } from '@lingui/react/macro';

/** The editor's keys (use-editor-keys.ts and use-pro-keys.ts), as a list under the player. */
export function ShortcutList() {
  const { t } = useLingui();
  const keys: [string, string][] = [
    ['Space', t`Play / pause`],
    ['Enter', t`Next subtitle`],
    ['Shift+Enter', t`New line in a subtitle`],
    ['Alt+S', t`Split at the playhead`],
    ['Alt+[', t`Set the subtitle's start at the playhead`],
    ['Alt+]', t`Set the subtitle's end at the playhead`],
    ['Alt+T', t`Shift times after a point`],
    ['Ctrl+F', t`Find and replace`],
    ['+ / -', t`Zoom the waveform in / out`],
    ['Ctrl+Z', t`Undo`],
    ['Ctrl+Shift+Z', t`Redo`],
  ];
  return (
    <details className="shortcut-list small" data-testid="shortcut-list">
      <summary>
        <Trans>Keyboard shortcuts</Trans>
      </summary>
      <dl>
        {keys.map(([key, what]) => (
          <div key={key} className="shortcut">
            <dt>
              <kbd dir="ltr">{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
