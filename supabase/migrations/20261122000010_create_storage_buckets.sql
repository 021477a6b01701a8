-- Storage buckets for slide images, customer documents and advertiser logos,
-- all private, and who may read or change the files in them.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('ad-images', 'ad-images', false, 5242880,
    array['image/jpeg', 'image/png', 'image/gif', 'image/webp']),
  ('customer-files', 'customer-files', false, 10485760,
    array['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf']),
  ('advertiser-logos', 'advertiser-logos', false, 2097152,
    array['image/jpeg', 'image/png', 'image/gif', 'image/webp'])
on conflict (id) do nothing;

-- True when an ad-images object is the image of a slide in one of the signed-in
-- customer's campaigns. Slide image paths may carry a leading "slides/" or not.
create or replace function public.is_own_slide_image(object_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.campaign_items ci
    join public.campaigns c on c.id = ci.campaign_id
    where c.customer_id = public.current_customer_id()
      and ci.image_url in (object_name, 'slides/' || object_name, regexp_replace(object_name, '^slides/', ''))
  )
$$;

comment on function public.is_own_slide_image(text) is
  'True when the ad-images object is used by a slide of the signed-in customer''s campaigns.';

create policy "Admins can read product files"
  on storage.objects for select
  to authenticated
  using (bucket_id in ('ad-images', 'customer-files', 'advertiser-logos') and (select public.is_admin()));

create policy "Admins can upload product files"
  on storage.objects for insert
  to authenticated
  with check (bucket_id in ('ad-images', 'customer-files', 'advertiser-logos') and (select public.is_admin()));

create policy "Admins can replace product files"
  on storage.objects for update
  to authenticated
  using (bucket_id in ('ad-images', 'customer-files', 'advertiser-logos') and (select public.is_admin()))
  with check (bucket_id in ('ad-images', 'customer-files', 'advertiser-logos') and (select public.is_admin()));

create policy "Admins can delete product files"
  on storage.objects for delete
  to authenticated
  using (bucket_id in ('ad-images', 'customer-files', 'advertiser-logos') and (select public.is_admin()));

create policy "Customers can read the images of their own slides"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'ad-images' and public.is_own_slide_image(name));

create policy "Customers can read files in their own folder"
  on storage.objects for select
  to authenticated
  using (
    bucket_id = 'customer-files'
    and (storage.foldername(name))[1] = (select public.current_customer_id())::text
  );
