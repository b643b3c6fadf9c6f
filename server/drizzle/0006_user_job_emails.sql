ALTER TABLE "users" ADD COLUMN "email_job_finished" boolean DEFAULT true NOT NULL;
