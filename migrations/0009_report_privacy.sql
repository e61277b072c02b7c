ALTER TABLE `reports` ADD `date_granularity` text DEFAULT 'month' NOT NULL;--> statement-breakpoint
ALTER TABLE `reports` ADD `include_incomplete` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- min_n has a floor of 5 (issue 12): reports below it are raised to it.
UPDATE `reports` SET `min_n` = 5 WHERE `min_n` < 5;
