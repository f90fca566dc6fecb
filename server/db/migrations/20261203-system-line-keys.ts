import { Migration } from '@mikro-orm/migrations'

/**
 * A system line that stands for something still changing (a deal's handover checklist) is written once and then
 * rewritten in place: `system_key` names it within its conversation, so the next write finds it, and `edited_at` says
 * when it last changed. Lines written before have no key and stay as they were.
 */
export class Migration20261203SystemLineKeys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "messages" add column "system_key" varchar(64) null, add column "edited_at" timestamptz(3) null;`)
    // partial: people's messages and the other system lines carry no key and cost the index nothing
    this.addSql(
      `create unique index "messages_conversation_system_key_unique" on "messages" ("conversation_id", "system_key") where "system_key" is not null;`,
    )
  }
}
