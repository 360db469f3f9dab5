CREATE TABLE "qr_tickets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qr_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ticket_hash" text NOT NULL,
	"binding_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"user_id" integer,
	"requester_ip" text DEFAULT '' NOT NULL,
	"requester_user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"collected_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "qr_tickets" ADD CONSTRAINT "qr_tickets_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "qr_tickets_ticket_hash_unique" ON "qr_tickets" USING btree ("ticket_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "qr_tickets_binding_hash_unique" ON "qr_tickets" USING btree ("binding_hash");