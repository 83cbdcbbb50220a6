import { boolean, object, string, type InferType } from 'yup';

/** Readiness and liveness: 503 with `ok: false` and a `message` while the instance should not be sent work. */
export const healthAnswer = object({
  ok: boolean().required(),
  store: string()
    .oneOf(['embedded', 'mongodb'] as const)
    .required(),
  version: string().required(),
  message: string(),
}).noUnknown();
export type HealthAnswer = InferType<typeof healthAnswer>;
