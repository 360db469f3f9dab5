-- An organisation administrator's transfer applications (issue 18): those from the organisation and
-- those to it, each range read in the list's order (creation time) from its own index and merged by
-- the list (see `anyOf`). Without them the page walked every application by creation time and checked
-- each one's organisations, 3,400 rows for an organisation's first 20 of 20,000.
CREATE INDEX "tenant_transfer_applications_from_tenant_create_time_idx" ON "tenant_transfer_applications" USING btree ("from_tenant_id","create_time","tenant_transfer_application_id");--> statement-breakpoint
CREATE INDEX "tenant_transfer_applications_to_tenant_create_time_idx" ON "tenant_transfer_applications" USING btree ("to_tenant_id","create_time","tenant_transfer_application_id");