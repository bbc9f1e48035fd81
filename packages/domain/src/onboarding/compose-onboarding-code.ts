import type { ChatMessage, MailMessage } from "../ports";

// The Hebrew messages that carry a signup verification code (sent in the request: onboarding-channels.ts).

/** The chat message to the phone; there is no studio yet (studioId stays empty). */
export function composeOnboardingPhoneCode(input: { to: string; code: string }): ChatMessage {
  return {
    studioId: "",
    phone: input.to,
    text: `קוד האימות שלך להרשמה: ${input.code}\nהקוד תקף ל-5 דקות. אין למסור אותו לאף אחד.`,
    oneTimeCode: input.code,
  };
}

/** The mail to the address. */
export function composeOnboardingEmailCode(input: { to: string; code: string }): MailMessage {
  return {
    to: input.to,
    subject: "קוד האימות שלך להרשמה",
    text:
      `שלום,\n\nקוד האימות שלך להרשמה הוא: ${input.code}\n` +
      "הקוד תקף ל-5 דקות. אין למסור אותו לאף אחד.\n\n" +
      "אם לא ביקשת להירשם, אפשר להתעלם מהודעה זו.",
  };
}
