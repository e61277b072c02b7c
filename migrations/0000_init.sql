CREATE TABLE `companies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer
);
--> statement-breakpoint
CREATE TABLE `company_admins` (
	`company_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`company_id`, `user_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `licences` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `licences_project_end_idx` ON `licences` (`project_id`,`end_date`);--> statement-breakpoint
CREATE TABLE `project_roles` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `project_roles_name_unique` ON `project_roles` (`name`);--> statement-breakpoint
CREATE TABLE `project_statuses` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `project_statuses_name_unique` ON `project_statuses` (`name`);--> statement-breakpoint
CREATE TABLE `project_users` (
	`project_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`project_role_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`project_id`, `user_id`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_role_id`) REFERENCES `project_roles`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `project_users_user_idx` ON `project_users` (`user_id`);--> statement-breakpoint
CREATE TABLE `projects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`parent_project_id` integer,
	`status_id` integer NOT NULL,
	`title` text NOT NULL,
	`client` text DEFAULT '' NOT NULL,
	`allow_messaging` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`parent_project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`status_id`) REFERENCES `project_statuses`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `projects_company_idx` ON `projects` (`company_id`);--> statement-breakpoint
CREATE INDEX `projects_parent_idx` ON `projects` (`parent_project_id`);--> statement-breakpoint
CREATE INDEX `projects_updated_idx` ON `projects` (`updated_at`);--> statement-breakpoint
CREATE TABLE `login_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`logged_in_at` integer NOT NULL,
	`ip` text,
	`user_agent` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `login_logs_user_time_idx` ON `login_logs` (`user_id`,`logged_in_at`);--> statement-breakpoint
CREATE TABLE `roles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `roles_name_unique` ON `roles` (`name`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`ip` text,
	`user_agent` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `two_factor_challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `two_factor_challenges_user_idx` ON `two_factor_challenges` (`user_id`);--> statement-breakpoint
CREATE TABLE `user_groups` (
	`id` integer PRIMARY KEY NOT NULL,
	`description` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_groups_description_unique` ON `user_groups` (`description`);--> statement-breakpoint
CREATE TABLE `user_roles` (
	`user_id` integer NOT NULL,
	`role_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `role_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`role_id`) REFERENCES `roles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_roles_role_idx` ON `user_roles` (`role_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer,
	`group_id` integer NOT NULL,
	`email` text NOT NULL,
	`fullname` text NOT NULL,
	`password_hash` text NOT NULL,
	`is_root` integer DEFAULT false NOT NULL,
	`must_change_password` integer DEFAULT false NOT NULL,
	`must_enable_2fa` integer DEFAULT false NOT NULL,
	`two_factor_secret` text,
	`two_factor_confirmed_at` integer,
	`two_factor_recovery_codes` text,
	`two_factor_last_step` integer,
	`password_changed_at` integer,
	`request_feedback_after` integer,
	`feedback_dont_ask` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`group_id`) REFERENCES `user_groups`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_company_idx` ON `users` (`company_id`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`reply_to` text,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`status` text NOT NULL,
	`error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_to_idx` ON `mail_outbox` (`to`,`created_at`);--> statement-breakpoint
CREATE TABLE `invites` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`invited_by` integer,
	`email` text NOT NULL,
	`fullname` text DEFAULT '' NOT NULL,
	`group_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`group_id`) REFERENCES `user_groups`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invites_token_hash_unique` ON `invites` (`token_hash`);--> statement-breakpoint
CREATE INDEX `invites_company_idx` ON `invites` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `invites_email_idx` ON `invites` (`email`);--> statement-breakpoint
CREATE TABLE `password_resets` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_resets_user_idx` ON `password_resets` (`user_id`);--> statement-breakpoint
CREATE INDEX `password_resets_expires_idx` ON `password_resets` (`expires_at`);--> statement-breakpoint
CREATE TABLE `throttles` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `throttles_expires_idx` ON `throttles` (`expires_at`);--> statement-breakpoint
CREATE TABLE `two_factor_setups` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`secret` text NOT NULL,
	`recovery_codes` text NOT NULL,
	`verified_step` integer,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `panel_users` (
	`panel_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`panel_id`, `user_id`),
	FOREIGN KEY (`panel_id`) REFERENCES `panels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `panel_users_user_idx` ON `panel_users` (`user_id`);--> statement-breakpoint
CREATE TABLE `panels` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`image` text,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `panels_token_hash_unique` ON `panels` (`token_hash`);--> statement-breakpoint
CREATE INDEX `panels_company_idx` ON `panels` (`company_id`);--> statement-breakpoint
CREATE TABLE `themes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`header_image` text DEFAULT '/images/header.svg' NOT NULL,
	`gradient` integer DEFAULT 1 NOT NULL,
	`is_dark` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `themes_company_type_idx` ON `themes` (`company_id`,`type`);--> statement-breakpoint
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
CREATE INDEX `jobs_status_idx` ON `jobs` (`status`,`updated_at`);--> statement-breakpoint
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
CREATE INDEX `help_questions_project_idx` ON `help_questions` (`project_id`);--> statement-breakpoint
CREATE TABLE `filter_categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`survey_id` integer NOT NULL,
	`title` text NOT NULL,
	`order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`survey_id`) REFERENCES `surveys`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `filter_categories_project_idx` ON `filter_categories` (`project_id`,`order`);--> statement-breakpoint
CREATE INDEX `filter_categories_survey_idx` ON `filter_categories` (`survey_id`);--> statement-breakpoint
CREATE TABLE `filter_conditions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`option_id` integer NOT NULL,
	`column_key` text NOT NULL,
	`comparator` text NOT NULL,
	`value` text NOT NULL,
	`operator` text DEFAULT 'and' NOT NULL,
	`order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`option_id`) REFERENCES `filter_options`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `filter_conditions_option_idx` ON `filter_conditions` (`option_id`,`order`);--> statement-breakpoint
CREATE TABLE `filter_options` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`category_id` integer NOT NULL,
	`label` text NOT NULL,
	`exposed` integer DEFAULT true NOT NULL,
	`order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `filter_categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `filter_options_category_idx` ON `filter_options` (`category_id`,`order`);--> statement-breakpoint
CREATE TABLE `report_bookmarks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`report_id` integer NOT NULL,
	`name` text NOT NULL,
	`query_string` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `report_bookmarks_report_idx` ON `report_bookmarks` (`report_id`);--> statement-breakpoint
CREATE TABLE `report_charts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`section_id` integer NOT NULL,
	`chart_type_id` integer NOT NULL,
	`title` text NOT NULL,
	`order` integer DEFAULT 0 NOT NULL,
	`sorting_option_id` integer,
	`data_format_id` integer,
	`data_type_id` integer,
	`kpi_id` integer,
	`pattern_id` integer,
	`granularity_id` integer DEFAULT 0 NOT NULL,
	`color_scheme_id` integer,
	`options` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`section_id`) REFERENCES `report_sections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `report_charts_section_idx` ON `report_charts` (`section_id`,`order`);--> statement-breakpoint
CREATE TABLE `report_data_locations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`chart_id` integer NOT NULL,
	`survey_id` integer NOT NULL,
	`column_key` text NOT NULL,
	`label` text,
	`n_method` text DEFAULT 'respondents' NOT NULL,
	`order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`chart_id`) REFERENCES `report_charts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`survey_id`) REFERENCES `surveys`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `report_data_locations_chart_idx` ON `report_data_locations` (`chart_id`,`order`);--> statement-breakpoint
CREATE INDEX `report_data_locations_survey_idx` ON `report_data_locations` (`survey_id`);--> statement-breakpoint
CREATE TABLE `report_sections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`report_id` integer NOT NULL,
	`title` text NOT NULL,
	`order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `report_sections_report_idx` ON `report_sections` (`report_id`,`order`);--> statement-breakpoint
CREATE TABLE `reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`parent_report_id` integer,
	`title` text NOT NULL,
	`start_date` text,
	`end_date` text NOT NULL,
	`date_filter` integer DEFAULT false NOT NULL,
	`benchmark_count` integer DEFAULT 1 NOT NULL,
	`multiple_filters` integer,
	`hide_risky_filters` integer DEFAULT false NOT NULL,
	`hide_empty_filters` integer DEFAULT false NOT NULL,
	`min_n` integer DEFAULT 10 NOT NULL,
	`languages` text DEFAULT 'nl' NOT NULL,
	`pdf_export` integer DEFAULT false NOT NULL,
	`direct_access` integer DEFAULT false NOT NULL,
	`status_id` integer DEFAULT 1 NOT NULL,
	`archived_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reports_project_idx` ON `reports` (`project_id`);--> statement-breakpoint
CREATE INDEX `reports_parent_idx` ON `reports` (`parent_report_id`);