// The one database schema, shared by both drivers (PGlite and node-postgres).
// Keep to what PostgreSQL 15 supports: production may run 15 while PGlite is newer.
// Migrations are generated from this file with `npm run db:generate`.
import { sql } from 'drizzle-orm';
import { pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const roleName = pgEnum('role_name', ['admin', 'user']);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: roleName('role').notNull().default('user'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // E-mail addresses are unique regardless of case.
  (table) => [uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`)],
);
