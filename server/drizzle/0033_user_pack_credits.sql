ALTER TABLE "users" ADD COLUMN "pack_credits" integer DEFAULT 0 NOT NULL;
