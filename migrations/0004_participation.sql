CREATE TABLE `survey_cube_rebuilds` (
	`survey_id` integer PRIMARY KEY NOT NULL,
	`pending` integer DEFAULT 0 NOT NULL,
	`scheduled` integer DEFAULT false NOT NULL,
	`job_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`survey_id`) REFERENCES `surveys`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `survey_fieldwork` (
	`survey_id` integer PRIMARY KEY NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`starts_at` text,
	`ends_at` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`survey_id`) REFERENCES `surveys`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `survey_panels` (
	`survey_id` integer NOT NULL,
	`panel_id` integer NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`survey_id`, `panel_id`),
	FOREIGN KEY (`survey_id`) REFERENCES `surveys`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`panel_id`) REFERENCES `panels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `survey_panels_panel_idx` ON `survey_panels` (`panel_id`);--> statement-breakpoint
CREATE TABLE `survey_participations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`survey_id` integer NOT NULL,
	`token_id` integer,
	`key_hash` text,
	`page` integer DEFAULT -1 NOT NULL,
	`language` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`survey_id`) REFERENCES `surveys`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`token_id`) REFERENCES `survey_tokens`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `survey_participations_token_unique` ON `survey_participations` (`token_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `survey_participations_key_unique` ON `survey_participations` (`key_hash`);--> statement-breakpoint
CREATE INDEX `survey_participations_survey_idx` ON `survey_participations` (`survey_id`);--> statement-breakpoint
CREATE INDEX `survey_tokens_token_idx` ON `survey_tokens` (`token`);