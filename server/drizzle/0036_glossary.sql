-- The glossary (issue 20 item 4): a user's terms, each with its targets (contract/glossary.ts GlossaryTarget[]:
-- per target language a forced translation, or null to keep the term as it is). One term per user, source
-- language and lower-cased term. A team's glossary is a follow-up (key by team once teams exist).
CREATE TABLE "glossary_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"term" text NOT NULL,
	"source_language" text NOT NULL,
	"targets" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "glossary_terms" ADD CONSTRAINT "glossary_terms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "glossary_terms_user_term_key" ON "glossary_terms" USING btree ("user_id","source_language",lower("term"));--> statement-breakpoint
-- The snapshot of the owner's glossary a job was created with (contract GlossarySnapshot); null: none.
ALTER TABLE "jobs" ADD COLUMN "glossary" jsonb;
