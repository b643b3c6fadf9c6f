/**
 * Limits on uploaded documents. Sources: spec section 9 (documents up to 50 MB) and the document issue
 * (archives expanding beyond 10x their size or 500 MB, or holding more than 10,000 parts, are refused).
 */
export const DOCUMENT_LIMITS = {
  /** Largest accepted file, bytes (spec section 9: 50 MB for documents). */
  maxFileBytes: 50 * 1024 * 1024,
  /** Largest total uncompressed size of a ZIP package, bytes. */
  maxExpandedBytes: 500 * 1024 * 1024,
  /** Largest ratio of total uncompressed size to file size. */
  maxExpansionRatio: 10,
  /** Most entries a ZIP package may hold. */
  maxParts: 10_000,
} as const;

/** Limits with every field overridable (tests use small ones). */
export type DocumentLimits = { [K in keyof typeof DOCUMENT_LIMITS]: number };
