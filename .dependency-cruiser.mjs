// dependency-cruiser: the import rules of the server's floors and of every app (issue 36 item 4, "a house with a
// floor"), checked by `npm test` (scripts/test.sh, check "depcruise") and `npm run deps:check`. Type-only imports
// count (`tsPreCompilationDeps`): a circle of types is a circle. Floors of server/src, lowest first:
//   contract/ (outside server) and config/ -> audio/, threads/ -> engines/ -> media/, documents/ -> modules/, http/
// with context.ts, app.ts and the main files composing them (context.ts imports a few modules' files to build the
// services: it is the composition root, and the modules import it back only for the AppContext type).
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No import circles, type-only ones included: move the shared type or helper down a floor, or pass a function.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'engines-not-to-media',
      comment:
        'Engines never import media (docs/architecture): audio primitives both use live in server/src/audio/, the ' +
        'worker-thread runner in server/src/threads/.',
      severity: 'error',
      from: { path: '^server/src/engines/' },
      to: { path: '^server/src/media/' },
    },
    {
      name: 'engines-not-up',
      comment: 'Engines know nothing of jobs, documents, the database or HTTP: those floors sit above them.',
      severity: 'error',
      from: { path: '^server/src/engines/' },
      to: { path: '^server/src/(modules|documents|db|http|queue|mail)/|^server/src/(app|context|worker)\\.ts$' },
    },
    {
      name: 'config-not-to-engines',
      comment: 'The configuration describes settings as plain data (engines.config.ts EngineHttpConfig, EngineLimits).',
      severity: 'error',
      from: { path: '^server/src/config/' },
      to: { path: '^server/src/engines/' },
    },
    {
      name: 'config-ground-floor',
      comment: 'config/ is the ground floor of the server: it imports no other part of it.',
      severity: 'error',
      from: { path: '^server/src/config/' },
      to: { path: '^server/src/', pathNot: '^server/src/config/' },
    },
    {
      name: 'media-not-to-modules',
      comment:
        'The media pipeline is a library (the CLI runs it too): it never imports the API modules, the database, ' +
        'the queue, HTTP or the composition root.',
      severity: 'error',
      from: { path: '^server/src/media/' },
      to: { path: '^server/src/(modules|db|http|queue|mail)/|^server/src/(app|context|worker)\\.ts$' },
    },
    {
      name: 'audio-threads-ground',
      comment: 'audio/ and threads/ sit below engines and media: they import neither, nor anything above them.',
      severity: 'error',
      from: { path: '^server/src/(audio|threads)/' },
      to: { path: '^server/src/(engines|media|documents|modules|db|http|queue|mail)/' },
    },
    {
      name: 'contract-not-to-apps',
      comment: 'contract/ is the one vocabulary both apps import: it imports neither.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { path: '^(server|src|workers)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    // Both tsconfigs resolve the same way (moduleResolution Bundler, explicit .ts/.tsx extensions, no paths).
    tsConfig: { fileName: 'server/tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
    cache: false,
  },
};
