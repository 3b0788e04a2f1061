import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/**
 * zod/mini (a fraction of classic zod's start-up cost) ships without messages; plangate's
 * problems quote zod's English ones ("Too small: expected string to have >=1 characters").
 * Importing this module sets them, once, for every schema.
 */
z.config(en());
