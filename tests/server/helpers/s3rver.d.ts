// s3rver ships no types; the tests use its constructor, run() and close().
declare module 's3rver';
