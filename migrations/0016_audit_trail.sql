ALTER TABLE `audit_log` ADD `token_id` integer;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `ip` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `result` text DEFAULT 'ok' NOT NULL;--> statement-breakpoint
CREATE INDEX `audit_log_user_idx` ON `audit_log` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_action_idx` ON `audit_log` (`action`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_resource_idx` ON `audit_log` (`resource`,`resource_id`,`created_at`);