import { boolean, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { telegramId, users } from '../../platform/db/schema.js';

export const agreements = pgTable('agreements', {
  userId: telegramId('user_id')
    .primaryKey()
    .references(() => users.telegramId, { onDelete: 'cascade' }),
  mandatory: boolean('mandatory').notNull().default(false),
  optional: boolean('optional').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const infoBlocks = pgTable(
  'info_blocks',
  {
    userId: telegramId('user_id')
      .notNull()
      .references(() => users.telegramId, { onDelete: 'cascade' }),
    blockName: text('block_name').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.blockName] })],
);

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  imageUrl: text('image_url').notNull(),
  infoUrl: text('info_url').notNull(),
  active: boolean('active').notNull().default(true),
});

export const headerBanners = pgTable('header_banners', {
  id: serial('id').primaryKey(),
  textRu: text('text_ru').notNull(),
  textEn: text('text_en').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
