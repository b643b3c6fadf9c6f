ALTER TABLE "jobs" ADD COLUMN "num_speakers" integer;
