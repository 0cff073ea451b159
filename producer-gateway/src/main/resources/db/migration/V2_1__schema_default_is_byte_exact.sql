-- Issue 14, "one identity, byte-exact, everywhere". The gateway's tables were byte-exact from V1 (utf8mb4_bin on
-- each table), but the schema's default came from init.sql, utf8mb4_unicode_ci: a table added later without its
-- own COLLATE would compare 'ab-1' and 'AB-1' as equal. Only the default changes; no row, no column is touched.
-- Versioned 2.1 so that it runs after V2 on every database, whatever later versions are added.
ALTER DATABASE CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;
