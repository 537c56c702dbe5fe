import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Missing-person posts of the lost-and-found board. No poster identity is stored. */
export const lostFoundPosts = sqliteTable(
  'lost_found_posts',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    lastSeenCity: text('last_seen_city'),
    lastSeenDate: text('last_seen_date'),
    description: text('description'),
    photoUrl: text('photo_url'),
    contact: text('contact'),
    isSample: integer('is_sample', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('lost_found_posts_created_at').on(table.createdAt)],
);

/** Small facts about the database itself, such as whether sample content was loaded. */
export const meta = sqliteTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
