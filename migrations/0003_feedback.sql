CREATE TABLE `feedback_ratings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`rating` real NOT NULL,
	`comment` text DEFAULT '' NOT NULL,
	`contact_allowed` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `feedback_ratings_user_idx` ON `feedback_ratings` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `help_questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`question` text NOT NULL,
	`project_id` integer,
	`route` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `help_questions_user_idx` ON `help_questions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `help_questions_project_idx` ON `help_questions` (`project_id`);