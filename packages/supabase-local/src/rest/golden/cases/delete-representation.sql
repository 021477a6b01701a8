-- DELETE /rest/v1/comments?select=id,post:posts(title)&not.and=(id.gt.100,body.is.null)&order=id
-- Prefer: return=representation

WITH pgrst_source AS (DELETE FROM "public"."comments" AS "comments"
  WHERE NOT ( "comments"."id" > $1 AND  "comments"."body" IS NULL)
  RETURNING "comments".*)
SELECT '' AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (SELECT "comments"."id", row_to_json("comments_post_1".*)::jsonb AS "post"
  FROM "pgrst_source" AS "comments"
  LEFT JOIN LATERAL (
    SELECT "posts_1"."title"
    FROM "public"."posts" AS "posts_1"
    WHERE "posts_1"."id" = "comments"."post_id" ) AS "comments_post_1" ON TRUE
  ORDER BY "comments"."id") _postgrest_t

-- $1 = "100"
