CREATE TABLE `report_schedule_recipients` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`schedule_id` integer NOT NULL,
	`user_id` integer,
	`email` text,
	`token` text NOT NULL,
	`unsubscribed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`schedule_id`) REFERENCES `report_schedules`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `report_schedule_recipients_schedule_idx` ON `report_schedule_recipients` (`schedule_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `report_schedule_recipients_token_idx` ON `report_schedule_recipients` (`token`);--> statement-breakpoint
CREATE TABLE `report_schedules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`report_id` integer NOT NULL,
	`created_by` integer,
	`frequency` text NOT NULL,
	`weekday` integer NOT NULL,
	`hour` integer NOT NULL,
	`format` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`benchmarks` text NOT NULL,
	`next_run_at` integer,
	`last_run_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `report_schedules_report_idx` ON `report_schedules` (`report_id`);--> statement-breakpoint
CREATE INDEX `report_schedules_next_idx` ON `report_schedules` (`next_run_at`);--> statement-breakpoint
ALTER TABLE `companies` ADD `embed_domains` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `attachments` text;