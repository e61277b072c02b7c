-- Issue 34 item 8: participants' contact data and attributes are kept 12 months after a study's end by default (was 6).
-- Generated with drizzle-kit's turso dialect (libSQL's ALTER COLUMN; the sqlite dialect would rebuild `companies`,
-- whose DROP TABLE cascades through every foreign key). Only the default changes; the index churn it also printed is left out.
ALTER TABLE `companies` ALTER COLUMN "contact_retention_months" TO "contact_retention_months" integer NOT NULL DEFAULT 12;--> statement-breakpoint
-- Organisations still on the old default that never chose a period themselves (no `company.retention` row) move to 12.
UPDATE `companies` SET `contact_retention_months` = 12 WHERE `contact_retention_months` = 6 AND `id` NOT IN (SELECT `resource_id` FROM `audit_log` WHERE `action` = 'company.retention' AND `resource_id` IS NOT NULL);
