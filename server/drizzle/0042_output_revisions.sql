-- Outputs are renders of a tracks revision (issue 36 item 1): the revision each output renders, the fingerprint of
-- the inputs it was rendered from (server/src/modules/renders/render-graph.ts), and whether a later revision changed
-- those inputs (stale until rendered again). Outputs made before this migration count as renders of revision 1.
ALTER TABLE "job_outputs" ADD COLUMN "revision" integer;--> statement-breakpoint
ALTER TABLE "job_outputs" ADD COLUMN "inputs_hash" text;--> statement-breakpoint
ALTER TABLE "job_outputs" ADD COLUMN "stale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "job_outputs" SET "revision" = 1 WHERE "kind" <> 'document';
