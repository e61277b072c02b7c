-- Role survey.tokens.export (issue 34, finding 7): exporting participation codes with names and
-- e-mail addresses needs its own role. Existing installations: the role row (fresh databases get
-- it from the seed with its fixed id) and the grant to Admin and Beheerder users who manage surveys.
INSERT INTO `roles` (`name`, `created_at`, `updated_at`)
SELECT 'survey.tokens.export', CAST((julianday('now') - 2440587.5) * 86400000 AS integer), CAST((julianday('now') - 2440587.5) * 86400000 AS integer)
WHERE EXISTS (SELECT 1 FROM `roles`) AND NOT EXISTS (SELECT 1 FROM `roles` WHERE `name` = 'survey.tokens.export');
--> statement-breakpoint
INSERT OR IGNORE INTO `user_roles` (`user_id`, `role_id`, `created_at`, `updated_at`)
SELECT u.`id`, r.`id`, CAST((julianday('now') - 2440587.5) * 86400000 AS integer), CAST((julianday('now') - 2440587.5) * 86400000 AS integer)
FROM `users` u
JOIN `roles` r ON r.`name` = 'survey.tokens.export'
WHERE u.`group_id` IN (1, 2)
  AND EXISTS (SELECT 1 FROM `user_roles` ur JOIN `roles` e ON e.`id` = ur.`role_id` WHERE ur.`user_id` = u.`id` AND e.`name` = 'survey.edit');
