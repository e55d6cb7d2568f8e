-- Plan options (spec §3 Options, docs/decisions/015-plans-and-options.md). Money in integer US cents;
-- allowances are pages per month. The same values are the code's fallback (DEFAULT_PLAN_OPTIONS in
-- src/common/plans.ts). OR IGNORE keeps any value an operator already set.
INSERT OR IGNORE INTO `options` (`key`, `value`) VALUES ('price.basic', '{"month":999,"year":9990}');--> statement-breakpoint
INSERT OR IGNORE INTO `options` (`key`, `value`) VALUES ('price.premium', '{"month":1999,"year":19990}');--> statement-breakpoint
INSERT OR IGNORE INTO `options` (`key`, `value`) VALUES ('price.pro', '{"month":3999,"year":39990}');--> statement-breakpoint
INSERT OR IGNORE INTO `options` (`key`, `value`) VALUES ('trial', '{"length_in_days":7,"disabled":false}');--> statement-breakpoint
INSERT OR IGNORE INTO `options` (`key`, `value`) VALUES ('preAuthType', '"authorize"');--> statement-breakpoint
INSERT OR IGNORE INTO `options` (`key`, `value`) VALUES ('plan.allowances', '{"BASIC":{"send":150,"receive":150},"PREMIUM":{"send":400,"receive":400},"PRO":{"send":1000,"receive":1000}}');
