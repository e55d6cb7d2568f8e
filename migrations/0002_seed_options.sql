-- Default product options (spec §3). Later migrations or the operator change values; code reads
-- them through worker/db/queries/options.ts and falls back to nothing.
INSERT OR IGNORE INTO `options` (`key`, `value`) VALUES ('credits.free', '{"send":10,"receive":10}');
