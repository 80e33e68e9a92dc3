-- The counts live on as changes in episode_retention_steps (0019). An API process of the previous version still
-- running during a deploy fails its retention fold from here on; the fold is one statement, so its log rows stay
-- and a process of this version folds them.
DROP TABLE "episode_retention" CASCADE;