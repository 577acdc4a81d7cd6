-- An edit seen by every agent bumps every agent's loadout_version in one UPDATE. On full pages the new row
-- versions land on other pages and each one adds an entry to every index of agents (a non-HOT update), and
-- the dead versions wait for autovacuum. With half of each page kept free the new versions stay on their
-- page: no index entry is written (no indexed column changes), and the next edit's read of the page prunes
-- the versions the previous one left. Existing pages take the setting as their rows are next rewritten.
ALTER TABLE "agents" SET (fillfactor = 50);

-- migrate:down
ALTER TABLE "agents" RESET (fillfactor);
