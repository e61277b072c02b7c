-- Panel members are a group of their own (issue 34, item 5; docs/decisions.md, decision 40).
-- Existing installations get group 5 'Panellid' (fresh databases get it from
-- the seed with the other groups), and the respondent accounts made by panel registration move
-- into it: group Gebruiker, not root, not a demo account, holding panel.access and no role beyond
-- panel.access and user.access, member of no project and admin of no organisation. Staff who
-- joined a panel with their own account stay in their group.
INSERT INTO `user_groups` (`id`, `description`, `created_at`, `updated_at`)
SELECT 5, 'Panellid', CAST((julianday('now') - 2440587.5) * 86400000 AS integer), CAST((julianday('now') - 2440587.5) * 86400000 AS integer)
WHERE EXISTS (SELECT 1 FROM `user_groups`) AND NOT EXISTS (SELECT 1 FROM `user_groups` WHERE `id` = 5);
--> statement-breakpoint
UPDATE `users` SET `group_id` = 5, `updated_at` = CAST((julianday('now') - 2440587.5) * 86400000 AS integer)
WHERE `group_id` = 3
  AND `is_root` = 0
  AND `demo_expires_at` IS NULL
  AND EXISTS (SELECT 1 FROM `user_groups` WHERE `id` = 5)
  AND EXISTS (SELECT 1 FROM `user_roles` ur JOIN `roles` r ON r.`id` = ur.`role_id` WHERE ur.`user_id` = `users`.`id` AND r.`name` = 'panel.access')
  AND NOT EXISTS (SELECT 1 FROM `user_roles` ur JOIN `roles` r ON r.`id` = ur.`role_id` WHERE ur.`user_id` = `users`.`id` AND r.`name` NOT IN ('panel.access', 'user.access'))
  AND NOT EXISTS (SELECT 1 FROM `project_users` p WHERE p.`user_id` = `users`.`id`)
  AND NOT EXISTS (SELECT 1 FROM `company_admins` a WHERE a.`user_id` = `users`.`id`);
