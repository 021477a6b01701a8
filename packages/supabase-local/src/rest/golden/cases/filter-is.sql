-- GET /rest/v1/posts?select=id&editor_id=is.null&body=is.not_null&published=is.TRUE&published=not.is.false&published=is.unknown

WITH pgrst_source AS (
  SELECT "public"."posts"."id"
  FROM "public"."posts"
  WHERE  "public"."posts"."editor_id" IS NULL AND  "public"."posts"."body" IS NOT NULL AND  "public"."posts"."published" IS TRUE AND NOT "public"."posts"."published" IS FALSE AND  "public"."posts"."published" IS UNKNOWN
  LIMIT $1
  OFFSET $2 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "1000"
-- $2 = "0"
