import { object, string } from 'yup';
import { plainText } from '../domain/validation/text';

/** Longer addresses are not portal image links; the cap also bounds the memory cache's keys. */
export const MAX_SOURCE_LENGTH = 2048;
export const MISSING_IMAGE_SOURCE = `Give the full address of a question or option image as ?src=… (up to ${MAX_SOURCE_LENGTH} characters).`;

/** ?src=: the image's address as given (not trimmed: it is the portal's own), one address, not blank, not too long. */
export const imageRequest = object({
  // No control characters: a line break in an address is an attempt to write a header, never a portal image.
  src: plainText(
    string()
      .required(MISSING_IMAGE_SOURCE)
      .test('not-blank', MISSING_IMAGE_SOURCE, (src) => src.trim() !== '')
      .max(MAX_SOURCE_LENGTH, MISSING_IMAGE_SOURCE),
  ),
});
