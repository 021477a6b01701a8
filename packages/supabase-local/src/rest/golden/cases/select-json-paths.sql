-- GET /rest/v1/posts?select=id,meta->author,meta->>status,first_tag:meta->tags->0,meta->stats->>score::int,meta->"odd key"->>x

WITH pgrst_source AS (
  SELECT "public"."posts"."id", "public"."posts"."meta"->$1 AS "author", "public"."posts"."meta"->>$2 AS "status", "public"."posts"."meta"->$3->$4::int AS "first_tag", CAST( "public"."posts"."meta"->$5->>$6 AS int ) AS "score", "public"."posts"."meta"->$7->>$8 AS "x"
  FROM "public"."posts"
  LIMIT $9
  OFFSET $10 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "author"
-- $2 = "status"
-- $3 = "tags"
-- $4 = "+0"
-- $5 = "stats"
-- $6 = "score"
-- $7 = "odd key"
-- $8 = "x"
-- $9 = "1000"
-- $10 = "0"
