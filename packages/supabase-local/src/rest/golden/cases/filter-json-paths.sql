-- GET /rest/v1/posts?select=id&meta->>status=eq.draft&meta->stats->>score=gt.5&meta->tags->0=eq."news"

WITH pgrst_source AS (
  SELECT "public"."posts"."id"
  FROM "public"."posts"
  WHERE  "public"."posts"."meta"->>$1 = $2 AND  "public"."posts"."meta"->$3->>$4 > $5 AND  "public"."posts"."meta"->$6->$7::int = $8
  LIMIT $9
  OFFSET $10 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "status"
-- $2 = "draft"
-- $3 = "stats"
-- $4 = "score"
-- $5 = "5"
-- $6 = "tags"
-- $7 = "+0"
-- $8 = "\"news\""
-- $9 = "1000"
-- $10 = "0"
