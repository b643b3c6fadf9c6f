-- Voice cloning (issue 21 item 4): the request's voice_clone and when the user consented to cloning the voices.
ALTER TABLE "jobs" ADD COLUMN "voice_clone" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "voice_clone_consent_at" timestamp with time zone;
