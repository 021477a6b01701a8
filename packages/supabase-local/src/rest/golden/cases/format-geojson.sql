-- GET /rest/v1/posts?select=id
-- Accept: application/geo+json

WITH pgrst_source AS (
  SELECT "public"."posts"."id"
  FROM "public"."posts"
  LIMIT $1
  OFFSET $2 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(ST_AsGeoJSON(_postgrest_t)::json), '[]')))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "1000"
-- $2 = "0"

-- PostgreSQL refuses it: 42883: function st_asgeojson(record) does not exist
