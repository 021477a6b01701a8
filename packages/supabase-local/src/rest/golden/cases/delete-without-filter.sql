-- DELETE /rest/v1/comments

-- error 400 21000: DELETE requires a WHERE clause
