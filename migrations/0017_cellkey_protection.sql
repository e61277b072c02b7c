ALTER TABLE `survey_responses` ADD `record_key` integer;--> statement-breakpoint
ALTER TABLE `reports` ADD `protection` text DEFAULT 'suppress' NOT NULL;--> statement-breakpoint
-- Cell-key perturbation (docs/perturbation.md): every response has a fixed random 32-bit record key.
-- Existing responses get one now; new ones get one from the trigger on insert (whatever path inserts
-- them: import, form, seed), unless the insert gives one itself.
UPDATE `survey_responses` SET `record_key` = random() & 4294967295 WHERE `record_key` IS NULL;--> statement-breakpoint
CREATE TRIGGER `survey_responses_record_key` AFTER INSERT ON `survey_responses` FOR EACH ROW WHEN NEW.`record_key` IS NULL BEGIN UPDATE `survey_responses` SET `record_key` = random() & 4294967295 WHERE `id` = NEW.`id`; END;
