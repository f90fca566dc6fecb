import { Migration } from '@mikro-orm/migrations'

/** Blog posts written by admins, and the messages visitors send through the contact form. */
export class Migration20261123BlogContact extends Migration {
  override async up(): Promise<void> {
    // body is the admin's Markdown; body_html its sanitised rendering, made once per save rather than per view
    this.addSql(`create table "blog_posts" (
      "id" serial primary key,
      "author_id" int not null references "users" ("id") on update cascade on delete restrict,
      "title" varchar(160) not null,
      "excerpt" varchar(300) not null,
      "body" text not null,
      "body_html" text not null,
      "published_at" timestamptz(3) null,
      "created_at" timestamptz(3) not null default now(),
      "updated_at" timestamptz(3) not null default now());`)
    // the public list: published posts, newest first
    this.addSql(`create index "blog_posts_published_index" on "blog_posts" ("published_at" desc, "id" desc) where "published_at" is not null;`)

    this.addSql(`create table "contact_messages" (
      "id" serial primary key,
      "name" varchar(100) not null,
      "email" varchar(254) not null,
      "subject" varchar(150) not null,
      "message" text not null,
      "user_id" int null references "users" ("id") on update cascade on delete set null,
      "created_at" timestamptz(3) not null default now());`)
    this.addSql(`create index "contact_messages_created_index" on "contact_messages" ("id" desc);`)
  }
}
