-- GET /rest/v1/posts?select=id,authors(name)

-- error 300 PGRST201: Could not embed because more than one relationship was found for 'posts' and 'authors'
-- details: [{"embedding":"posts with authors","cardinality":"many-to-one","relationship":"posts_author_id_fkey using posts(author_id) and authors(id)"},{"embedding":"posts with authors","cardinality":"many-to-one","relationship":"posts_editor_id_fkey using posts(editor_id) and authors(id)"}]
-- hint: Try changing 'authors' to one of the following: 'authors!posts_author_id_fkey', 'authors!posts_editor_id_fkey'. Find the desired relationship in the 'details' key.
