/**
 * Limits on uploaded documents. Sources: spec section 9 (documents up to 50 MB), the document issue (archives
 * expanding beyond 500 MB or holding more than 10,000 parts are refused) and issue 14's zip-bomb rule, after
 * Apache POI's ZipSecureFile: every entry larger than a grace size must keep a compressed-to-inflated ratio of at
 * least 0.01 (expand at most 100x; plain XML compresses 10-30x, bombs thousands of times), and no entry may
 * inflate beyond an absolute cap.
 */
export const DOCUMENT_LIMITS = {
  /** Largest accepted file, bytes (spec section 9: 50 MB for documents). */
  maxFileBytes: 50 * 1024 * 1024,
  /** Largest total uncompressed size of a ZIP package, bytes. */
  maxExpandedBytes: 500 * 1024 * 1024,
  /** Largest uncompressed size of one entry, bytes. */
  maxEntryBytes: 200 * 1024 * 1024,
  /** Smallest compressed/uncompressed ratio of an entry (Apache POI's default MIN_INFLATE_RATIO: 0.01 = 100x). */
  minInflateRatio: 0.01,
  /** Entries up to this uncompressed size are not held to the ratio, bytes (POI's GRACE_ENTRY_SIZE: 100 KB). */
  ratioGraceBytes: 100 * 1024,
  /** Most entries a ZIP package may hold. */
  maxParts: 10_000,
} as const;

/** Limits with every field overridable (tests use small ones). */
export type DocumentLimits = { [K in keyof typeof DOCUMENT_LIMITS]: number };
