-- An appointment's version counts the changes made to it (a booking's details, a move, a
-- cancellation, a no-show), so a move made on what was read earlier (a calendar drag, the
-- receptionist's move) can tell that someone changed it meanwhile. Linking it to a client
-- record, or erasing that client's name, leaves what a move writes alone and keeps the version.
alter table appointments add column version integer not null default 1;
