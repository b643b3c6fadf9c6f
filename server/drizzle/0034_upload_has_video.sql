-- Whether an uploaded media file has a picture (a video stream that is not cover art), from the probe at upload:
-- burned-in subtitles are refused for a file without one before anything is charged (issue 24, item 6).
-- Null: uploaded before this column (judged by its content type).
ALTER TABLE "uploads" ADD COLUMN "has_video" boolean;
