/** The studio's warning that own subtitles run past the end of the media (issue 38 item 4). */
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDuration } from '../../../lib/format.ts';

/** Own subtitles that run to `end` on media `length` seconds long (a video when `video`, else audio). */
export function WordsPastEnd({ end, length, video }: { end: number; length: number; video: boolean }) {
  const { i18n } = useLingui();
  const runTo = formatDuration(end, i18n.locale);
  const mediaLength = formatDuration(length, i18n.locale);
  return (
    <p className="field-error" role="alert" data-testid="words-past-end">
      {video ? (
        <Trans>
          Your subtitles run to {runTo} but the video is {mediaLength} long: is it the right file?
        </Trans>
      ) : (
        <Trans>
          Your subtitles run to {runTo} but the audio is {mediaLength} long: is it the right file?
        </Trans>
      )}
    </p>
  );
}
