-- Buckets and storage.objects policies for the storage conformance tests.

-- Private: each user reads and writes only under their own "<uid>/" folder.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('test-private', 'test-private', false, 65536, array['text/plain', 'image/*', 'application/octet-stream', 'application/json'])
on conflict (id) do nothing;

-- Public: anyone may read through the public URL; writes follow the same folder rule.
insert into storage.buckets (id, name, public)
values ('test-public', 'test-public', true)
on conflict (id) do nothing;

-- Private without any policy: only the service role gets in.
insert into storage.buckets (id, name, public)
values ('test-locked', 'test-locked', false)
on conflict (id) do nothing;

create policy "storage tests: users read their own folder"
  on storage.objects for select to authenticated
  using (bucket_id in ('test-private', 'test-public') and (storage.foldername(name))[1] = (select auth.uid()::text));

create policy "storage tests: users add to their own folder"
  on storage.objects for insert to authenticated
  with check (bucket_id in ('test-private', 'test-public') and (storage.foldername(name))[1] = (select auth.uid()::text));

create policy "storage tests: users replace in their own folder"
  on storage.objects for update to authenticated
  using (bucket_id in ('test-private', 'test-public') and (storage.foldername(name))[1] = (select auth.uid()::text))
  with check (bucket_id in ('test-private', 'test-public') and (storage.foldername(name))[1] = (select auth.uid()::text));

create policy "storage tests: users remove from their own folder"
  on storage.objects for delete to authenticated
  using (bucket_id in ('test-private', 'test-public') and (storage.foldername(name))[1] = (select auth.uid()::text));

-- Shared: users see the bucket itself (so they may empty it) and only their own folder's objects.
insert into storage.buckets (id, name, public)
values ('test-shared', 'test-shared', false)
on conflict (id) do nothing;

create policy "storage tests: users see the shared bucket"
  on storage.buckets for select to authenticated
  using (id = 'test-shared');

create policy "storage tests: users read their own folder of the shared bucket"
  on storage.objects for select to authenticated
  using (bucket_id = 'test-shared' and (storage.foldername(name))[1] = (select auth.uid()::text));

create policy "storage tests: users add to their own folder of the shared bucket"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'test-shared' and (storage.foldername(name))[1] = (select auth.uid()::text));

-- A function that deletes storage rows with SQL, as a project's own function might:
-- Storage's trigger refuses it (storage-buckets.test.ts).
create or replace function public.storage_test_delete_object(p_bucket text, p_name text)
returns void
language sql
security definer
set search_path = ''
as $$
  delete from storage.objects where bucket_id = p_bucket and name = p_name;
$$;

grant execute on function public.storage_test_delete_object(text, text) to service_role;

-- Images only, 5 MiB at most, as a project's image bucket is (gateway-hardening.test.ts):
-- Storage checks the size and that the bytes are of a type the bucket allows.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('test-images', 'test-images', false, 5242880, array['image/jpeg', 'image/png', 'image/gif', 'image/webp'])
on conflict (id) do nothing;
