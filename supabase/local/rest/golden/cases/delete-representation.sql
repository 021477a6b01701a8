-- DELETE /rest/v1/comments?select=id,post:posts(title)&not.and=(id.gt.100,body.is.null)&order=id
-- Prefer: return=representation

-- error 400 21000: DELETE requires a WHERE clause
