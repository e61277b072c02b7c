CREATE TABLE `report_filter_options` (
	`report_id` integer NOT NULL,
	`option_id` integer NOT NULL,
	`exposed` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`report_id`, `option_id`),
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`option_id`) REFERENCES `filter_options`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `report_filter_options_option_idx` ON `report_filter_options` (`option_id`);