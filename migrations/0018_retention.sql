ALTER TABLE `companies` ADD `contact_retention_months` integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE `companies` ADD `audit_retention_months` integer DEFAULT 24 NOT NULL;