CREATE TABLE "analytics_daily" (
	"website_id" text NOT NULL,
	"day" date NOT NULL,
	"visitors" integer NOT NULL,
	"pageviews" integer NOT NULL,
	"visits" integer NOT NULL,
	"bounces" integer NOT NULL,
	"duration_ms" bigint NOT NULL,
	"conversions" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_daily_website_id_day_pk" PRIMARY KEY("website_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_dims" (
	"website_id" text NOT NULL,
	"day" date NOT NULL,
	"dim" text NOT NULL,
	"value" text NOT NULL,
	"pageviews" integer NOT NULL,
	"visitors" integer NOT NULL,
	"visits" integer NOT NULL,
	CONSTRAINT "analytics_daily_dims_website_id_day_dim_value_pk" PRIMARY KEY("website_id","day","dim","value")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"website_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"visitor" bigint NOT NULL,
	"kind" smallint NOT NULL,
	"path" text NOT NULL,
	"referrer" text,
	"device" text,
	"lang" text,
	"duration_ms" integer
);
--> statement-breakpoint
CREATE TABLE "analytics_rollup_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_daily_dims" ADD CONSTRAINT "analytics_daily_dims_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_site_time_idx" ON "analytics_events" USING btree ("website_id","created_at");--> statement-breakpoint
CREATE INDEX "analytics_events_time_brin_idx" ON "analytics_events" USING brin ("created_at");