import type { ContentfulStatusCode } from 'hono/utils/http-status';

// 419 (CSRF, Laravel's 'page expired') is not in Hono's list of status codes, hence the cast.

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  CSRF: 419,
  VALIDATION: 422,
  FAILED_DEPENDENCY: 424,
  THROTTLED: 429,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * The one error type services and middleware throw. `message` is the Dutch text the user sees;
 * `errors` maps fields to Dutch messages for 422 answers.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.code] as ContentfulStatusCode;
  }
}

export const nl = {
  badRequest: 'Het verzoek is ongeldig.',
  malformedJson: 'Het verzoek bevat geen geldige JSON.',
  unauthenticated: 'U bent niet ingelogd.',
  forbidden: 'U heeft geen toegang tot deze functie.',
  notFound: 'Het gevraagde item kon niet gevonden worden.',
  csrf: 'De pagina is verlopen. Vernieuw de pagina en probeer het opnieuw.',
  validation: 'Niet alle velden zijn correct ingevuld.',
  tooLarge: 'Het bestand dat u heeft geüpload is te groot',
  internal: 'Er is iets misgegaan. Probeer het later opnieuw.',
} as const;
