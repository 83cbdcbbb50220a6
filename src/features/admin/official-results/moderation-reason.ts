import { object, string } from 'yup';

/** The server takes a reason of at most this many characters (api/features/official-results/routes.ts). */
export const REASON_MAX = 500;

/** The reason an admin gives for a quarantine or a restore: required, kept in the report's moderation log. */
export const moderationReasonSchema = object({
  reason: string()
    .trim()
    .required('Say why: the reason is kept in the moderation log.')
    .max(REASON_MAX, `Keep the reason to ${REASON_MAX} characters.`),
});
