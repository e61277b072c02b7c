ALTER TABLE `survey_tokens` ADD `import_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `survey_tokens_import_key_unique` ON `survey_tokens` (`survey_id`,`import_key`);