CREATE TABLE `company_maps` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`code_property` text NOT NULL,
	`name_property` text NOT NULL,
	`area_count` integer NOT NULL,
	`bbox` text NOT NULL,
	`areas` text NOT NULL,
	`topology` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `company_maps_company_idx` ON `company_maps` (`company_id`);--> statement-breakpoint
CREATE TABLE `report_chart_maps` (
	`chart_id` integer PRIMARY KEY NOT NULL,
	`map_id` integer NOT NULL,
	`area_column_key` text,
	`area_category_id` integer,
	`mapping` text DEFAULT '{}' NOT NULL,
	`answer_code` text,
	`class_method` text DEFAULT 'equal' NOT NULL,
	`class_count` integer DEFAULT 5 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`chart_id`) REFERENCES `report_charts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`map_id`) REFERENCES `company_maps`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE TRIGGER `report_chart_maps_insert_generation` AFTER INSERT ON `report_chart_maps` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `report_chart_maps_update_generation` AFTER UPDATE ON `report_chart_maps` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `report_chart_maps_delete_generation` AFTER DELETE ON `report_chart_maps` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
--> statement-breakpoint
CREATE TRIGGER `company_maps_update_generation` AFTER UPDATE ON `company_maps` BEGIN UPDATE `data_generations` SET `n` = `n` + 1 WHERE `name` = 'report-inputs'; END;
