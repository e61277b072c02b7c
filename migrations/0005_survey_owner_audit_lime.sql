CREATE TABLE `lime_connections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`url` text NOT NULL,
	`username` text NOT NULL,
	`password_sealed` text NOT NULL,
	`last_checked_at` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lime_connections_company_id_unique` ON `lime_connections` (`company_id`);--> statement-breakpoint
CREATE TABLE `lime_survey_links` (
	`survey_id` integer PRIMARY KEY NOT NULL,
	`connection_id` integer NOT NULL,
	`ls_sid` integer NOT NULL,
	`from_response_id` integer DEFAULT 1 NOT NULL,
	`sync_enabled` integer DEFAULT true NOT NULL,
	`last_synced_at` integer,
	`last_error` text,
	`last_result` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`survey_id`) REFERENCES `surveys`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `lime_connections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lime_survey_links_connection_idx` ON `lime_survey_links` (`connection_id`);--> statement-breakpoint
CREATE TABLE `survey_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`survey_id` integer NOT NULL,
	`user_id` integer,
	`action` text NOT NULL,
	`detail` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`survey_id`) REFERENCES `surveys`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `survey_audit_survey_idx` ON `survey_audit` (`survey_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `surveys` ADD `owner_id` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `surveys` ADD `structure_hash` text;--> statement-breakpoint
CREATE INDEX `surveys_company_structure_idx` ON `surveys` (`company_id`,`structure_hash`);