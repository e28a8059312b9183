-- The Calls screen filters the history by outcome and by calls the salon should get back to.
-- Each filter pages and counts from an index of its own, in the list's order, so a page and
-- its total read only the filter's entries, never the rest of a busy salon's history.
create index calls_salon_outcome_started on calls (salon_id, outcome, call_started_at desc, id desc);
create index calls_salon_follow_up_started on calls (salon_id, call_started_at desc, id desc) where follow_up;
