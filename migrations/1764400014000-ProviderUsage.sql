-- The provider's own usage object of a turn completed with completeTurnWithProviderUsage, as the runtime sent it,
-- and the format it was read in (OPENAI_CHAT, OPENAI_RESPONSES, ANTHROPIC, GEMINI), for the debugger. Both are
-- null on turns completed with explicit figures and on every turn completed before this migration; the check
-- keeps an object from being stored without the format that says what its keys mean.
ALTER TABLE "turns" ADD "provider_usage_format" text;
ALTER TABLE "turns" ADD "provider_usage" jsonb;
ALTER TABLE "turns" ADD CONSTRAINT "ck_turns_provider_usage_format" CHECK ((provider_usage IS NULL) = (provider_usage_format IS NULL));

-- migrate:down
ALTER TABLE "turns" DROP CONSTRAINT "ck_turns_provider_usage_format";
ALTER TABLE "turns" DROP COLUMN "provider_usage";
ALTER TABLE "turns" DROP COLUMN "provider_usage_format";
