CREATE TABLE `project_surveys` (
	`project_id` integer NOT NULL,
	`survey_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`project_id`, `survey_id`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`survey_id`) REFERENCES `surveys`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `project_surveys_survey_idx` ON `project_surveys` (`survey_id`);--> statement-breakpoint
CREATE TABLE `survey_answers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`question_id` integer NOT NULL,
	`code` text NOT NULL,
	`scale_id` integer DEFAULT 0 NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`assessment_value` integer DEFAULT 0 NOT NULL,
	`labels` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `survey_questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `survey_answers_question_code_unique` ON `survey_answers` (`question_id`,`scale_id`,`code`);--> statement-breakpoint
CREATE TABLE `survey_groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`survey_id` integer NOT NULL,
	`ls_gid` integer,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`relevance` text DEFAULT '' NOT NULL,
	`randomization_group` text DEFAULT '' NOT NULL,
	`names` text DEFAULT '{}' NOT NULL,
	`descriptions` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`survey_id`) REFERENCES `surveys`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `survey_groups_survey_idx` ON `survey_groups` (`survey_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `survey_languages` (
	`survey_id` integer NOT NULL,
	`language` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`welcome_text` text DEFAULT '' NOT NULL,
	`end_text` text DEFAULT '' NOT NULL,
	`url` text DEFAULT '' NOT NULL,
	`settings` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`survey_id`, `language`),
	FOREIGN KEY (`survey_id`) REFERENCES `surveys`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `survey_questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`survey_id` integer NOT NULL,
	`group_id` integer NOT NULL,
	`parent_id` integer,
	`ls_qid` integer,
	`type` text NOT NULL,
	`code` text NOT NULL,
	`scale_id` integer DEFAULT 0 NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`mandatory` text DEFAULT 'N' NOT NULL,
	`other` integer DEFAULT false NOT NULL,
	`relevance` text DEFAULT '' NOT NULL,
	`validation` text DEFAULT '' NOT NULL,
	`theme` text DEFAULT '' NOT NULL,
	`texts` text DEFAULT '{}' NOT NULL,
	`helps` text DEFAULT '{}' NOT NULL,
	`attributes` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`survey_id`) REFERENCES `surveys`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`group_id`) REFERENCES `survey_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `survey_questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `survey_questions_survey_idx` ON `survey_questions` (`survey_id`,`parent_id`,`sort_order`);--> statement-breakpoint
CREATE INDEX `survey_questions_group_idx` ON `survey_questions` (`group_id`);--> statement-breakpoint
CREATE INDEX `survey_questions_parent_idx` ON `survey_questions` (`parent_id`,`scale_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `survey_responses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`survey_id` integer NOT NULL,
	`external_key` text NOT NULL,
	`response_id` integer,
	`token` text,
	`submit_date` text,
	`start_date` text,
	`date_stamp` text,
	`start_language` text,
	`last_page` integer,
	`seed` text,
	`answers` text NOT NULL,
	`import_job_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`survey_id`) REFERENCES `surveys`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `survey_responses_key_unique` ON `survey_responses` (`survey_id`,`external_key`);--> statement-breakpoint
CREATE INDEX `survey_responses_survey_submit_idx` ON `survey_responses` (`survey_id`,`submit_date`);--> statement-breakpoint
CREATE TABLE `survey_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`survey_id` integer NOT NULL,
	`token` text NOT NULL,
	`participant_id` text,
	`firstname` text DEFAULT '' NOT NULL,
	`lastname` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`email_status` text DEFAULT 'OK' NOT NULL,
	`language` text,
	`blacklisted` text DEFAULT 'N' NOT NULL,
	`sent` text DEFAULT 'N' NOT NULL,
	`reminder_sent` text DEFAULT 'N' NOT NULL,
	`reminder_count` integer DEFAULT 0 NOT NULL,
	`completed` text DEFAULT 'N' NOT NULL,
	`uses_left` integer DEFAULT 1 NOT NULL,
	`valid_from` text,
	`valid_until` text,
	`attributes` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`survey_id`) REFERENCES `surveys`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `survey_tokens_survey_token_unique` ON `survey_tokens` (`survey_id`,`token`);--> statement-breakpoint
CREATE TABLE `surveys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`ls_sid` integer,
	`title` text NOT NULL,
	`base_language` text NOT NULL,
	`anonymized` integer DEFAULT false NOT NULL,
	`datestamp` integer DEFAULT false NOT NULL,
	`use_tokens` integer DEFAULT false NOT NULL,
	`token_length` integer DEFAULT 15 NOT NULL,
	`format` text DEFAULT 'G' NOT NULL,
	`attribute_descriptions` text DEFAULT '{}' NOT NULL,
	`settings` text DEFAULT '{}' NOT NULL,
	`population_size` integer,
	`confidence_level` real,
	`participation_url` text,
	`responses_version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `surveys_company_idx` ON `surveys` (`company_id`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`max_attempts` integer DEFAULT 3 NOT NULL,
	`error` text,
	`result` text,
	`created_by` integer,
	`started_at` integer,
	`finished_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `jobs_created_by_idx` ON `jobs` (`created_by`);--> statement-breakpoint
CREATE INDEX `jobs_status_idx` ON `jobs` (`status`,`updated_at`);