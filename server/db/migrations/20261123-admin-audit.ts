import { Migration } from '@mikro-orm/migrations'

/** The admin audit log: every admin action, written in the same transaction as the action itself. */
export class Migration20261123AdminAudit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "admin_audit_log" (
      "id" serial primary key,
      "admin_id" int not null references "users" ("id") on update cascade on delete restrict,
      "action" varchar(40) not null,
      "target_type" varchar(20) not null,
      "target_id" varchar(64) not null,
      "before" jsonb null,
      "after" jsonb null,
      "reason" text null,
      "created_at" timestamptz(3) not null default now());`)
    this.addSql(`create index "admin_audit_log_created_index" on "admin_audit_log" ("id" desc);`)
    this.addSql(`create index "admin_audit_log_target_index" on "admin_audit_log" ("target_type", "target_id", "id" desc);`)
    this.addSql(`create index "admin_audit_log_admin_index" on "admin_audit_log" ("admin_id", "id" desc);`)
  }
}
