ALTER TABLE "invoices" ADD COLUMN "plan_id" text;--> statement-breakpoint
-- Invoices written before this column: every one the app wrote itself begins '<plan display name> plan, '.
UPDATE "invoices" SET "plan_id" = "plans"."id" FROM "plans" WHERE "invoices"."plan_id" IS NULL AND "invoices"."description" LIKE "plans"."display_name" || ' plan, %';
