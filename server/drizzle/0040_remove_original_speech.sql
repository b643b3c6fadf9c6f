-- Remove the original speech, keep the rest (issue 21 item 4): the request's remove_original_speech.
ALTER TABLE "jobs" ADD COLUMN "remove_original_speech" boolean DEFAULT false NOT NULL;
