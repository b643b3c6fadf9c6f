-- Job notes become objects with a code ({ code, text }); the notes written so far were one sentence per line.
ALTER TABLE "jobs" RENAME COLUMN "notes" TO "notes_text";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "notes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "jobs" SET "notes" = (
  SELECT coalesce(jsonb_agg(jsonb_build_object(
    'code', CASE WHEN line LIKE 'Detected%' THEN 'LANGUAGE_DETECTED' ELSE 'LANGUAGE_ASSUMED' END,
    'text', line)), '[]'::jsonb)
  FROM unnest(string_to_array("notes_text", E'\n')) AS line WHERE line <> ''
) WHERE "notes_text" IS NOT NULL AND "notes_text" <> '';--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "notes_text";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "error_detail" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "reject_code" text;
