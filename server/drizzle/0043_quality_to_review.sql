-- The quality check of the latest tracks revision (issue 37): how many cues need a human (an error or a warning),
-- recorded when the first run completes, after every save and after a re-dub; null before it first ran.
ALTER TABLE "jobs" ADD COLUMN "quality_to_review" integer;
