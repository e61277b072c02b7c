CREATE TABLE `weighting_results` (
	`scheme_id` integer PRIMARY KEY NOT NULL,
	`responses_version` integer NOT NULL,
	`scheme_updated_at` integer NOT NULL,
	`status` text NOT NULL,
	`stats` text,
	`error` text,
	`computed_at` integer NOT NULL,
	FOREIGN KEY (`scheme_id`) REFERENCES `weighting_schemes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `weighting_schemes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`survey_id` integer NOT NULL,
	`name` text NOT NULL,
	`start_date` text,
	`end_date` text,
	`method` text NOT NULL,
	`targets_are` text NOT NULL,
	`variables` text NOT NULL,
	`cell_targets` text,
	`trim_lower` real,
	`trim_upper` real,
	`max_iterations` integer DEFAULT 100 NOT NULL,
	`tolerance` real DEFAULT 1e-10 NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`survey_id`) REFERENCES `surveys`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `weighting_schemes_survey_idx` ON `weighting_schemes` (`survey_id`);--> statement-breakpoint
ALTER TABLE `reports` ADD `weighting_id` integer REFERENCES weighting_schemes(id) ON DELETE set null;--> statement-breakpoint
CREATE TRIGGER `weighting_schemes_insert_generation` AFTER INSERT ON `weighting_schemes` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `weighting_schemes_update_generation` AFTER UPDATE ON `weighting_schemes` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `weighting_schemes_delete_generation` AFTER DELETE ON `weighting_schemes` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
