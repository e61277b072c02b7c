CREATE TABLE `indicator_notice_dismissals` (
	`user_id` integer NOT NULL,
	`notice_id` integer NOT NULL,
	`dismissed_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `notice_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`notice_id`) REFERENCES `indicator_notices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `indicator_notice_dismissals_notice_idx` ON `indicator_notice_dismissals` (`notice_id`);