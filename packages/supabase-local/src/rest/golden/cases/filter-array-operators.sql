-- GET /rest/v1/posts?select=id&tags=cs.{news,tech}&tags=cd.{news,tech,sport}&tags=ov.{sport}

WITH pgrst_source AS (
  SELECT "public"."posts"."id"
  FROM "public"."posts"
  WHERE  "public"."posts"."tags" @> $1 AND  "public"."posts"."tags" <@ $2 AND  "public"."posts"."tags" && $3
  LIMIT $4
  OFFSET $5 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "{news,tech}"
-- $2 = "{news,tech,sport}"
-- $3 = "{sport}"
-- $4 = "1000"
-- $5 = "0"
