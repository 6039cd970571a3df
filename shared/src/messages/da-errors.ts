/** SPEC §8 error catalogue in Danish (part of `da`; a module of its own so the API client's first load carries only these). */
/** The texts pages show on every load, on their own so a page need not load the whole catalogue below. */
export const SOMETHING_WENT_WRONG = 'Noget gik galt. Prøv igen.';
export const NO_SEARCH_RESULTS = 'Ingen søgeresultater.';

export const daErrors = {
  loginFailed: 'Login mislykkedes. Prøv igen.',
  somethingWentWrong: SOMETHING_WENT_WRONG,
  contactSupport: 'Noget gik galt. Kontakt kundeservice.',
  pageNotFound: 'Siden blev ikke fundet.',
  eidProblems: 'Der er problemer med login med MitID. Prøv igen senere.',
  loginExpiredOrTooMany: 'Login-tiden er udløbet, eller der har været for mange forsøg. Vent lidt og prøv igen.',
  loginCancelled: 'Login blev annulleret eller mislykkedes.',
  verificationError: 'Kontoen kunne ikke bekræftes. Log ind igen, og åbn bekræftelsesmailen hurtigere.',
  verificationRequestFailed: 'Anmodningen om bekræftelse mislykkedes.',
  emailNotVerified: 'Din e-mail skal bekræftes. Bestil et nyt link.',
  termsNotAccepted: 'Du skal acceptere de nyeste vilkår for at logge ind.',
  eidEmailNotVerified: 'E-mailen på din MitID-konto skal bekræftes.',
  accountUnavailable: 'Login til kontoen er midlertidigt utilgængeligt.',
  noSearchResults: NO_SEARCH_RESULTS,
  productSoldOut: 'Produktet er midlertidigt udsolgt.',
  frameNotOnline: 'Stellet kan ikke købes online.',
  noCustomerFound: 'Ingen kunde fundet.',
  customerExists: 'Kunden findes allerede.',
  organisationNotFound: 'Virksomheden blev ikke fundet.',
  giftCardMismatch: 'Gavekortoplysningerne passede ikke til noget gavekort.',
  correctAndRetry: 'Ret fejlene, og prøv igen.',
  malformedJson: 'Forespørgslen kunne ikke læses (ugyldig JSON).',
  csrf: 'Sessionen er udløbet. Genindlæs siden, og prøv igen.',
  unauthenticated: 'Du skal være logget ind.',
  forbidden: 'Du har ikke adgang til dette.',
  notFound: 'Det blev ikke fundet.',
  articleNotFound: 'Produktet blev ikke fundet.',
  unknownSku: 'Varianten findes ikke.',
  rateLimited: 'For mange forsøg. Vent lidt, og prøv igen.',
  emailTaken: 'Der findes allerede en konto med denne e-mail.',
  verificationExpired: 'Linket er udløbet eller allerede brugt. Bestil et nyt link.',
};
