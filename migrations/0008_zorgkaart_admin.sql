CREATE TABLE `healthcare_companies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`agb_code` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`place` text DEFAULT '' NOT NULL,
	`region` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `healthcare_companies_agb_idx` ON `healthcare_companies` (`company_id`,`agb_code`);--> statement-breakpoint
CREATE INDEX `healthcare_companies_type_idx` ON `healthcare_companies` (`company_id`,`type`);--> statement-breakpoint
CREATE TABLE `rating_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`job_id` integer,
	`name` text NOT NULL,
	`file_name` text DEFAULT '' NOT NULL,
	`min_n` integer NOT NULL,
	`rating_count` integer DEFAULT 0 NOT NULL,
	`provider_count` integer DEFAULT 0 NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `rating_jobs_company_idx` ON `rating_jobs` (`company_id`);--> statement-breakpoint
CREATE TABLE `rating_results` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`rating_job_id` integer NOT NULL,
	`healthcare_company_id` integer NOT NULL,
	`ranked` integer NOT NULL,
	`n` integer,
	`overall` text,
	`aspects` text,
	`recommend` text,
	`distribution` text,
	`type_mean` real,
	`bayes` real,
	`rank_in_type` integer,
	`rank_in_region` integer,
	FOREIGN KEY (`rating_job_id`) REFERENCES `rating_jobs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`healthcare_company_id`) REFERENCES `healthcare_companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `rating_results_job_idx` ON `rating_results` (`rating_job_id`);--> statement-breakpoint
CREATE TABLE `ratings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`rating_job_id` integer NOT NULL,
	`healthcare_company_id` integer NOT NULL,
	`line` integer NOT NULL,
	`rated_on` text NOT NULL,
	`overall` integer NOT NULL,
	`aspects` text NOT NULL,
	`recommend` integer,
	FOREIGN KEY (`rating_job_id`) REFERENCES `rating_jobs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`healthcare_company_id`) REFERENCES `healthcare_companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ratings_job_idx` ON `ratings` (`rating_job_id`,`healthcare_company_id`);--> statement-breakpoint
CREATE TABLE `access_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`company_id` integer,
	`path` text NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`granted` text,
	`decided_by` integer,
	`decided_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `access_requests_company_idx` ON `access_requests` (`company_id`,`status`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`company_id` integer,
	`action` text NOT NULL,
	`resource` text NOT NULL,
	`resource_id` integer,
	`summary` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_log_company_idx` ON `audit_log` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);