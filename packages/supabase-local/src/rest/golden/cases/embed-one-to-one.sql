-- GET /rest/v1/authors?select=name,profiles(website)

WITH pgrst_source AS (
  SELECT "public"."authors"."name", row_to_json("authors_profiles_1".*)::jsonb AS "profiles"
  FROM "public"."authors"
  LEFT JOIN LATERAL (
    SELECT "profiles_1"."website"
    FROM "public"."profiles" AS "profiles_1"
    WHERE "profiles_1"."author_id" = "public"."authors"."id"
    LIMIT $1
    OFFSET $2 ) AS "authors_profiles_1" ON TRUE
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
