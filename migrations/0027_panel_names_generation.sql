-- The panel's names are report inputs too: a panel field's name, its options' labels and the panel's
-- name (with the surveys it is fielded to) name the panel columns and the weighting variables
-- ('Gewogen naar …', weighting/variable-names.ts) in a report data answer. Every write raises
-- data_generations 'report-inputs' (migration 0011), so a cached answer is computed afresh.
CREATE TRIGGER `panels_insert_generation` AFTER INSERT ON `panels` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `panels_update_generation` AFTER UPDATE ON `panels` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `panels_delete_generation` AFTER DELETE ON `panels` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `panel_fields_insert_generation` AFTER INSERT ON `panel_fields` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `panel_fields_update_generation` AFTER UPDATE ON `panel_fields` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `panel_fields_delete_generation` AFTER DELETE ON `panel_fields` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `panel_field_options_insert_generation` AFTER INSERT ON `panel_field_options` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `panel_field_options_update_generation` AFTER UPDATE ON `panel_field_options` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `panel_field_options_delete_generation` AFTER DELETE ON `panel_field_options` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `survey_panels_insert_generation` AFTER INSERT ON `survey_panels` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `survey_panels_update_generation` AFTER UPDATE ON `survey_panels` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `survey_panels_delete_generation` AFTER DELETE ON `survey_panels` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
