CREATE TABLE `company_themes` (
	`company_id` integer NOT NULL,
	`theme_id` integer NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`company_id`, `theme_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`theme_id`) REFERENCES `themes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `company_themes_theme_idx` ON `company_themes` (`theme_id`);--> statement-breakpoint
CREATE TABLE `api_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`token_hash` text NOT NULL,
	`scopes` text NOT NULL,
	`expires_at` integer,
	`revoked_at` integer,
	`last_used_at` integer,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_token_hash_unique` ON `api_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `api_tokens_user_idx` ON `api_tokens` (`user_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `lime_user_id` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `demo_expires_at` integer;--> statement-breakpoint
ALTER TABLE `themes` ADD `fields` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `themes` ADD `header_image_key` text;--> statement-breakpoint
ALTER TABLE `themes` ADD `header_image_type` text;--> statement-breakpoint
UPDATE `themes` SET `fields` = json_object('isDark', json('true')) WHERE `is_dark` = 1;--> statement-breakpoint
ALTER TABLE `themes` DROP COLUMN `header_image`;--> statement-breakpoint
ALTER TABLE `themes` DROP COLUMN `gradient`;--> statement-breakpoint
ALTER TABLE `themes` DROP COLUMN `is_dark`;--> statement-breakpoint
ALTER TABLE `reports` ADD `created_by` integer REFERENCES users(id) ON DELETE set null;