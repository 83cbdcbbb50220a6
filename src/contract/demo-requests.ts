import { object, string } from 'yup';

/** A demo image's file name; one the demo never drew is not found (renderDemoImage). */
export const demoImageName = object({ name: string().required() });
