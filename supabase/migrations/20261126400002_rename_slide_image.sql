-- The media library renames an image by moving its object in ad-images; the slides that
-- show it follow here, in one statement, so no slide is left pointing at the old name.

create or replace function public.rename_slide_image(p_from text, p_to text)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_count integer;
begin
  if not public.is_admin() then
    raise exception 'Only admins can rename media files.' using errcode = '42501';
  end if;
  if coalesce(btrim(p_to), '') = '' then
    raise exception 'A file needs a name.' using errcode = '22023';
  end if;
  update public.campaign_items
     set image_url = p_to
   where image_url in (p_from, 'slides/' || p_from);
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

comment on function public.rename_slide_image(text, text) is
  'Points every slide showing the ad-images object p_from (with or without the legacy slides/ prefix) at p_to, after the media library moved it; admins only. Returns how many slides changed.';

revoke execute on function public.rename_slide_image(text, text) from public, anon;
grant execute on function public.rename_slide_image(text, text) to authenticated;
