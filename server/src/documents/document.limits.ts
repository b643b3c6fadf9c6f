/**
 * Limits on uploaded documents. Sources: spec section 9 (documents up to 50 MB), the document issue (archives
 * expanding beyond 500 MB or holding more than 10,000 parts are refused) and issue 14's zip-bomb rule, after
 * Apache POI's ZipSecureFile: every entry larger than a grace size (here the largest accepted file, see
 * ratioGraceBytes) must keep a compressed-to-inflated ratio of at least 0.01 (expand at most 100x; bombs expand
 * thousands of times), and no entry may inflate beyond an absolute cap.
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
  /**
   * Entries up to this uncompressed size are not held to the ratio, bytes: the largest accepted file (50 MB).
   * Why there (issue 22, item 13): the ratio rule protects against a small upload that costs far more memory and
   * time than its size suggests. A part inflating to at most 50 MB costs no more than a 50 MB upload whose parts
   * are simply stored (uncompressed, ratio 1), which we accept anyway, so the ratio adds no protection below it.
   * Real documents do cross 100x below it: Word's XML for a repetitive table (identical rows, properties repeated
   * on every row) compresses 150-200x, and POI's 100 KB grace refused a 3,000-row form of 1.6 MB at 187x. Above
   * 50 MB the ratio still refuses bombs early, from the central directory; the absolute caps below
   * (maxEntryBytes, maxExpandedBytes, enforced again while inflating) bound every part whatever its ratio.
   */
  ratioGraceBytes: 50 * 1024 * 1024,
  /** Most entries a ZIP package may hold. */
  maxParts: 10_000,
} as const;

/** Limits with every field overridable (tests use small ones). */
export type DocumentLimits = { [K in keyof typeof DOCUMENT_LIMITS]: number };
