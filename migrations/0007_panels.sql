CREATE TABLE `panel_answers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`panel_field_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`option_id` integer,
	`value` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`panel_field_id`) REFERENCES `panel_fields`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`option_id`) REFERENCES `panel_field_options`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `panel_answers_user_idx` ON `panel_answers` (`user_id`,`panel_field_id`);--> statement-breakpoint
CREATE INDEX `panel_answers_field_idx` ON `panel_answers` (`panel_field_id`);--> statement-breakpoint
CREATE TABLE `panel_field_options` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`panel_field_id` integer NOT NULL,
	`label` text NOT NULL,
	`order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`panel_field_id`) REFERENCES `panel_fields`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `panel_field_options_field_idx` ON `panel_field_options` (`panel_field_id`,`order`);--> statement-breakpoint
CREATE TABLE `panel_fields` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`panel_id` integer NOT NULL,
	`type_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`required` integer DEFAULT false NOT NULL,
	`min` real,
	`max` real,
	`order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`panel_id`) REFERENCES `panels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `panel_fields_panel_idx` ON `panel_fields` (`panel_id`,`order`);--> statement-breakpoint
ALTER TABLE `panels` ADD `image_key` text;--> statement-breakpoint
ALTER TABLE `panels` ADD `token` text;--> statement-breakpoint
ALTER TABLE `panels` ADD `token_enabled` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `panels` ADD `created_by` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `panels` DROP COLUMN `image`;