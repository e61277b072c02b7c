CREATE TABLE `report_chart_options` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`chart_id` integer NOT NULL,
	`key` text NOT NULL,
	`value` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`chart_id`) REFERENCES `report_charts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `report_chart_options_chart_key_idx` ON `report_chart_options` (`chart_id`,`key`);--> statement-breakpoint
CREATE TABLE `report_texts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`report_id` integer NOT NULL,
	`section_id` integer,
	`chart_id` integer,
	`position` text DEFAULT 'before' NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`section_id`) REFERENCES `report_sections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`chart_id`) REFERENCES `report_charts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `report_texts_report_idx` ON `report_texts` (`report_id`);--> statement-breakpoint
CREATE INDEX `report_texts_section_idx` ON `report_texts` (`section_id`);--> statement-breakpoint
CREATE INDEX `report_texts_chart_idx` ON `report_texts` (`chart_id`);--> statement-breakpoint
CREATE TABLE `report_users` (
	`report_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`report_id`, `user_id`),
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `report_users_user_idx` ON `report_users` (`user_id`);--> statement-breakpoint
CREATE TABLE `report_widgets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`report_id` integer NOT NULL,
	`section_id` integer NOT NULL,
	`widget_type_id` integer NOT NULL,
	`order` integer DEFAULT 0 NOT NULL,
	`settings` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`section_id`) REFERENCES `report_sections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `report_widgets_section_idx` ON `report_widgets` (`section_id`,`order`);--> statement-breakpoint
CREATE INDEX `report_widgets_report_idx` ON `report_widgets` (`report_id`);--> statement-breakpoint
ALTER TABLE `reports` ADD `image_key` text;--> statement-breakpoint
ALTER TABLE `reports` ADD `image_type` text;