-- Who added a team's webhook endpoint (issue 35 item 4): a plain member deletes only their own.
ALTER TABLE "webhook_endpoints" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
