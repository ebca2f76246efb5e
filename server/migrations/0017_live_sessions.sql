-- Every signed-in request asks whether its session (a refresh-token family)
-- is still live: not revoked by a logout or an archive, and not past its
-- lifetime. The index holds only the rows not yet revoked, so the answer is
-- one probe whether the session is live or ended (an ended family may have
-- thousands of rotated rows). Every query by family also asks for rows not yet
-- revoked, so this index replaces the one on all rows.
create index refresh_tokens_live_family on refresh_tokens (family_id) where revoked_at is null;
drop index refresh_tokens_family;
