-- The editor: numbered revisions of a media job's tracks (source and per target language cues), the latest
-- revision on the job (also its optimistic lock), what the last dub synthesised and a pending re-dub.
CREATE TABLE "job_track_revisions" (
	"job_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"origin" text NOT NULL,
	"tracks" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_track_revisions_job_id_revision_pk" PRIMARY KEY("job_id","revision")
);--> statement-breakpoint
ALTER TABLE "job_track_revisions" ADD CONSTRAINT "job_track_revisions_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "tracks_revision" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "dub_segments" jsonb;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "redub" jsonb;
