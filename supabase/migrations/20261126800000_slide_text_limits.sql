-- Slide text a screen can show legibly: a title of at most 80 characters and content text of
-- at most 400 (characters as char_length counts them). The slide editor counts and refuses the
-- same; screens fit the text to the screen (README: Text that fits).
--
-- Slides written before these limits keep their text and keep playing: they are marked
-- text_before_limits, which the CHECK constraints let through, and the mark goes as soon as
-- the title or the content changes (then both must fit the limits). Saving a campaign again
-- with such a slide untouched (save_campaign_slides upserts every slide) still works.

alter table public.campaign_items
  add column text_before_limits boolean not null default false;

comment on column public.campaign_items.text_before_limits is
  'True for a slide whose title or content was longer than the limits (80 and 400 characters) when they came in: it keeps its text until the title or content changes. Set by the database only.';

-- Marking the old slides is no edit of theirs: updated_at stays as it was.
alter table public.campaign_items disable trigger campaign_items_set_updated_at;
update public.campaign_items
set text_before_limits = true
where char_length(title) > 80 or char_length(content) > 400;
alter table public.campaign_items enable trigger campaign_items_set_updated_at;

alter table public.campaign_items
  add constraint campaign_items_title_at_most_80_characters
    check (text_before_limits or char_length(title) <= 80),
  add constraint campaign_items_content_at_most_400_characters
    check (text_before_limits or char_length(content) <= 400);

-- The mark is the database's: a new slide never has it, a changed title or content loses it,
-- and an unchanged slide keeps what it had. An upsert's proposed row (INSERT ... ON CONFLICT,
-- as save_campaign_slides writes) is checked before the conflict is known, so a row that
-- would only rewrite an existing slide's text unchanged keeps that slide's mark. Then the
-- limits are checked here, for a message in plain words; the constraints stay the final guard.
create or replace function public.check_campaign_item_text()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_kept boolean;
begin
  if tg_op = 'INSERT' then
    select ci.text_before_limits into v_kept
    from public.campaign_items ci
    where ci.id = new.id
      and ci.title is not distinct from new.title
      and ci.content is not distinct from new.content;
    new.text_before_limits := coalesce(v_kept, false);
  elsif new.title is distinct from old.title or new.content is distinct from old.content then
    new.text_before_limits := false;
  else
    new.text_before_limits := old.text_before_limits;
  end if;

  if not new.text_before_limits then
    if char_length(new.title) > 80 then
      raise exception 'Slide title must be at most 80 characters (got %).', char_length(new.title)
        using errcode = '23514', constraint = 'campaign_items_title_at_most_80_characters',
              table = 'campaign_items', column = 'title', schema = 'public';
    end if;
    if char_length(new.content) > 400 then
      raise exception 'Slide content text must be at most 400 characters (got %).', char_length(new.content)
        using errcode = '23514', constraint = 'campaign_items_content_at_most_400_characters',
              table = 'campaign_items', column = 'content', schema = 'public';
    end if;
  end if;
  return new;
end
$$;

create trigger campaign_items_check_text
  before insert or update on public.campaign_items
  for each row execute function public.check_campaign_item_text();
