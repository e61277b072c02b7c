CREATE TABLE `indicator_notices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`indicator_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`value` real NOT NULL,
	`fired_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`indicator_id`) REFERENCES `indicators`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `indicator_notices_project_idx` ON `indicator_notices` (`project_id`,`fired_at`);--> statement-breakpoint
CREATE INDEX `indicator_notices_indicator_idx` ON `indicator_notices` (`indicator_id`);--> statement-breakpoint
CREATE TABLE `indicators` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`survey_id` integer NOT NULL,
	`title` text NOT NULL,
	`metric` text NOT NULL,
	`column_key` text,
	`answer_code` text,
	`filter_option_ids` text DEFAULT '[]' NOT NULL,
	`comparator` text NOT NULL,
	`threshold` real NOT NULL,
	`start_date` text,
	`end_date` text,
	`active` integer DEFAULT true NOT NULL,
	`created_by` integer,
	`state` text DEFAULT 'pending' NOT NULL,
	`last_value` real,
	`last_reason` text,
	`last_evaluated_at` integer,
	`last_fired_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`survey_id`) REFERENCES `surveys`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `indicators_project_idx` ON `indicators` (`project_id`);--> statement-breakpoint
CREATE INDEX `indicators_survey_idx` ON `indicators` (`survey_id`);--> statement-breakpoint
ALTER TABLE `licences` ADD `reminded_60_at` integer;--> statement-breakpoint
ALTER TABLE `licences` ADD `reminded_14_at` integer;