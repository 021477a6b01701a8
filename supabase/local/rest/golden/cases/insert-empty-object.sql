-- POST /rest/v1/tags
-- body: {}

WITH pgrst_source AS (INSERT INTO "public"."tags" AS "tags" DEFAULT VALUES
  RETURNING 1)
SELECT null::bigint AS total, count(*) AS page_total, '' AS body
FROM pgrst_source
