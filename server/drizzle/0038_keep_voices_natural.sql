-- "Keep voices natural" (issue 20 item 3): the dubbed MP4 slows the picture where a line would need its voice sped up
-- beyond 1.15x. False for every job made before the option (and for jobs without voice-over or without a picture).
ALTER TABLE "jobs" ADD COLUMN "keep_voices_natural" boolean DEFAULT false NOT NULL;
