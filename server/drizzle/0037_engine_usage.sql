-- The network engines' usage per UTC calendar month (issue 26 item 6, issue 21 item 5): units sent in answered
-- requests (characters or audio seconds) and their estimated cost in USD, added atomically by every process so the
-- monthly spend caps (OPENAI_MONTHLY_SPEND_CAP_USD ...) hold across workers.
CREATE TABLE "engine_usage" (
	"month" text NOT NULL,
	"engine" text NOT NULL,
	"stage" text NOT NULL,
	"unit" text NOT NULL,
	"units" double precision DEFAULT 0 NOT NULL,
	"cost_usd" double precision DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "engine_usage_month_engine_stage_pk" PRIMARY KEY("month","engine","stage")
);
