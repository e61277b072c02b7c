-- The change counter of isolate caches (src/server/db/schema/cache.ts): every write to a table a
-- report data answer is made of adds 1 to data_generations 'report-inputs'.
CREATE TABLE `data_generations` (
	`name` text PRIMARY KEY NOT NULL,
	`n` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `data_generations` (`name`, `n`) VALUES ('report-inputs', 0);
--> statement-breakpoint
CREATE TRIGGER `reports_insert_generation` AFTER INSERT ON `reports` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `reports_update_generation` AFTER UPDATE ON `reports` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `reports_delete_generation` AFTER DELETE ON `reports` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `report_sections_insert_generation` AFTER INSERT ON `report_sections` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `report_sections_update_generation` AFTER UPDATE ON `report_sections` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `report_sections_delete_generation` AFTER DELETE ON `report_sections` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `report_charts_insert_generation` AFTER INSERT ON `report_charts` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `report_charts_update_generation` AFTER UPDATE ON `report_charts` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `report_charts_delete_generation` AFTER DELETE ON `report_charts` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `report_data_locations_insert_generation` AFTER INSERT ON `report_data_locations` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `report_data_locations_update_generation` AFTER UPDATE ON `report_data_locations` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `report_data_locations_delete_generation` AFTER DELETE ON `report_data_locations` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `report_filter_categories_insert_generation` AFTER INSERT ON `report_filter_categories` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `report_filter_categories_update_generation` AFTER UPDATE ON `report_filter_categories` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `report_filter_categories_delete_generation` AFTER DELETE ON `report_filter_categories` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `filter_categories_insert_generation` AFTER INSERT ON `filter_categories` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `filter_categories_update_generation` AFTER UPDATE ON `filter_categories` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `filter_categories_delete_generation` AFTER DELETE ON `filter_categories` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `filter_options_insert_generation` AFTER INSERT ON `filter_options` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `filter_options_update_generation` AFTER UPDATE ON `filter_options` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `filter_options_delete_generation` AFTER DELETE ON `filter_options` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `filter_conditions_insert_generation` AFTER INSERT ON `filter_conditions` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `filter_conditions_update_generation` AFTER UPDATE ON `filter_conditions` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `filter_conditions_delete_generation` AFTER DELETE ON `filter_conditions` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `project_surveys_insert_generation` AFTER INSERT ON `project_surveys` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `project_surveys_update_generation` AFTER UPDATE ON `project_surveys` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `project_surveys_delete_generation` AFTER DELETE ON `project_surveys` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `surveys_insert_generation` AFTER INSERT ON `surveys` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `surveys_update_generation` AFTER UPDATE ON `surveys` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `surveys_delete_generation` AFTER DELETE ON `surveys` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `survey_groups_insert_generation` AFTER INSERT ON `survey_groups` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `survey_groups_update_generation` AFTER UPDATE ON `survey_groups` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `survey_groups_delete_generation` AFTER DELETE ON `survey_groups` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `survey_questions_insert_generation` AFTER INSERT ON `survey_questions` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `survey_questions_update_generation` AFTER UPDATE ON `survey_questions` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `survey_questions_delete_generation` AFTER DELETE ON `survey_questions` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `survey_answers_insert_generation` AFTER INSERT ON `survey_answers` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `survey_answers_update_generation` AFTER UPDATE ON `survey_answers` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `survey_answers_delete_generation` AFTER DELETE ON `survey_answers` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
