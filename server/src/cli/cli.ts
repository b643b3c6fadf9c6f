/**
 * `npm run cli -- <command> ...`: the command line of the media pipeline and the document translator.
 * Commands: translate (video/audio -> subtitles and voice-over), translate-doc (.docx/.xlsx/.srt/.vtt).
 * Bad arguments print a usage message and exit with code 2.
 */
const USAGE = `Usage:
  npm run cli -- translate INPUT --from LANG|auto --to LANG[,LANG...] [--outputs subtitles,voice_over] [--voice-mode manual|dubbing] [--voice LANG=VOICE[,...]] --out DIR
  npm run cli -- translate-doc INPUT --from LANG --to LANG[,LANG...] --out DIR`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'translate': {
      const { runTranslateCommand } = await import('./translate.command.ts');
      return runTranslateCommand(rest);
    }
    case 'translate-doc': {
      const { runTranslateDocCommand } = await import('./translate-doc.command.ts');
      return runTranslateDocCommand(rest);
    }
    default:
      process.stderr.write(`${command ? `Unknown command: ${command}\n` : ''}${USAGE}\n`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
