export { createPostmarkMailer, MailProviderError } from "./postmark-mailer";
