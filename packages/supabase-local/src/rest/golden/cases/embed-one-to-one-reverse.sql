-- GET /rest/v1/profiles?select=website,authors(name)

WITH pgrst_source AS (
  SELECT "public"."profiles"."website", row_to_json("profiles_authors_1".*)::jsonb AS "authors"
  FROM "public"."profiles"
  LEFT JOIN LATERAL (
    SELECT "authors_1"."name"
    FROM "public"."authors" AS "authors_1"
    WHERE "authors_1"."id" = "public"."profiles"."author_id"
    LIMIT $1
    OFFSET $2 ) AS "profiles_authors_1" ON TRUE
  LIMIT $3
  OFFSET $4 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "1000"
-- $2 = "0"
-- $3 = "1000"
-- $4 = "0"
