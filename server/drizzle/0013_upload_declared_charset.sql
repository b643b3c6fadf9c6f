-- The charset a text upload (.txt, .srt, .vtt) was declared in (`text/plain; charset=windows-1256`): own words
-- are decoded with it when no byte-order mark says otherwise (issue 24). Null: none declared (UTF-8).
ALTER TABLE "uploads" ADD COLUMN "declared_charset" text;
