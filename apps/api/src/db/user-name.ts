/**
 * A user's name as the console's lists show it (`u` being the users row): the display name, else first and last,
 * else the e-mail.
 */
export const USER_NAME = `coalesce(nullif(trim(coalesce(u.display_name, u.first_name || ' ' || u.last_name)), ''), u.email)`;
