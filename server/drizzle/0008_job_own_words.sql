ALTER TABLE "jobs" ADD COLUMN "source_words_upload_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "subtitle_style" jsonb;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_source_words_upload_id_uploads_id_fk" FOREIGN KEY ("source_words_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;
