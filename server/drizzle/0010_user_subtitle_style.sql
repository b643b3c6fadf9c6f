ALTER TABLE "users" ADD COLUMN "subtitle_style" jsonb;
