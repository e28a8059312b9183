export { enqueueMail, listOutbox, type Mail, type OutboxMail } from "./outbox.ts";
export { deliverInBackground } from "./background.ts";
