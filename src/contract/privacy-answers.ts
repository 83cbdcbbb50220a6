import { number, object, string, type InferType } from 'yup';

/** POST /api/data/sign-out-device, POST /api/data/admin/revoke-access: what was done, in words. */
export const accessRevokedAnswer = object({ message: string().required() }).noUnknown();
export type AccessRevokedAnswer = InferType<typeof accessRevokedAnswer>;

/** POST /api/data/forget-me: the confirmation mail went to the device's verified address. */
export const erasureRequestedAnswer = object({
  message: string().required(),
  /** Masked: 'as…@example.com'. */
  email: string().required(),
}).noUnknown();
export type ErasureRequestedAnswer = InferType<typeof erasureRequestedAnswer>;

/** POST /api/data/forget-me/confirm: what the erasure removed. */
export const erasedAnswer = object({
  message: string().required(),
  erased: object({
    results: number().required(),
    alerts: number().required(),
    reports: number().required(),
  }).required(),
}).noUnknown();
export type ErasedAnswer = InferType<typeof erasedAnswer>;
