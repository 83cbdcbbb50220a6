/// <reference types="vite/client" />

/** The build-time settings the app reads (see .env.example); anything else on import.meta.env is a typo. */
interface ImportMetaEnv {
  readonly VITE_CLIENT_CODE?: string;
  readonly VITE_GOOGLE_CLIENT_ID?: string;
  readonly VITE_CONTACT_SUPPORT_EMAIL?: string;
  readonly VITE_CONTACT_PRESS_EMAIL?: string;
  readonly VITE_CONTACT_CAREERS_EMAIL?: string;
  readonly VITE_CONTACT_SALES_EMAIL?: string;
}
