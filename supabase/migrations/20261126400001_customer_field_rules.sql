-- Customer fields hold what their names say, whatever sends them: a telephone number that
-- is one, an installation not dated before the signup, and texts of a sensible length.
-- Added NOT VALID: rows saved before keep their values until they are next edited, when
-- the rules apply to them like to any other write (the form says what to fix).

alter table public.customers
  add constraint customers_contact_phone_is_a_phone_number
    check (
      contact_phone is null
      or (
        contact_phone ~ '^\+?[0-9 ().-]+$'
        and char_length(contact_phone) <= 30
        and char_length(regexp_replace(contact_phone, '[^0-9]', '', 'g')) between 5 and 15
      )
    ) not valid,
  add constraint customers_installation_not_before_signup
    check (installation_date is null or signup_date is null or installation_date >= signup_date) not valid,
  add constraint customers_name_1_to_200_characters
    check (char_length(btrim(name)) between 1 and 200) not valid,
  add constraint customers_username_1_to_100_characters
    check (char_length(btrim(username)) between 1 and 100) not valid,
  add constraint customers_email_at_most_254_characters
    check (char_length(email) <= 254) not valid,
  add constraint customers_short_texts_at_most_500_characters
    check (
      coalesce(char_length(location), 0) <= 500
      and coalesce(char_length(display_type), 0) <= 100
      and coalesce(char_length(bank_name), 0) <= 200
      and coalesce(char_length(account_number), 0) <= 34
      and coalesce(char_length(routing_number), 0) <= 34
    ) not valid,
  add constraint customers_long_texts_at_most_5000_characters
    check (
      coalesce(char_length(note), 0) <= 5000
      and coalesce(char_length(notes), 0) <= 5000
      and coalesce(char_length(about_business), 0) <= 5000
    ) not valid;

comment on constraint customers_contact_phone_is_a_phone_number on public.customers is
  'A telephone number: digits, spaces, ( ) . - and a leading +, 5 to 15 digits, at most 30 characters.';
comment on constraint customers_installation_not_before_signup on public.customers is
  'The screens are installed on or after the day the venue signed up.';
