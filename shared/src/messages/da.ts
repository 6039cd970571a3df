import { daErrors } from './da-errors';

/**
 * Danish user-facing texts shared by the API (error messages) and both apps.
 * SPEC §8 error catalogue and SPEC §5 validation keys, in Danish.
 */
export const da = {
  errors: daErrors,
  validation: {
    required: 'Skal udfyldes.',
    email: 'E-mail skal indeholde @ og et domæne.',
    phone: 'Telefonnummer må kun indeholde cifre med valgfri landekode.',
    name: 'Navnet må kun indeholde bogstaver og tal.',
    password: 'Adgangskoden skal være mindst 8 tegn.',
    passwordMismatch: 'Adgangskoderne er ikke ens.',
    termsRequired: 'Du skal acceptere vilkårene.',
    zip: 'Ugyldigt postnummer.',
    zipNotDeliverable: 'Vi leverer ikke til dette postnummer.',
    address: 'Adressen er ikke korrekt.',
    discountCode: 'Rabatkoden er ugyldig.',
    quantityMax: 'Du kan højst købe 12 stk. pr. linje.',
    /** DOMAIN.md CPR rules; the check-digit text is a warning staff can confirm, never a block. */
    cpr: {
      format: 'CPR-nummeret skal skrives som DDMMÅÅ-XXXX.',
      birthDateFormat: 'Fødselsdatoen skal skrives som DDMMÅÅ.',
      date: 'CPR-nummeret indeholder en dato, der ikke findes.',
      dateInFuture: 'Fødselsdatoen ligger i fremtiden. Kontrollér nummeret.',
      checkDigit: 'CPR-nummeret består ikke kontrollen af sidste ciffer. Kontrollér nummeret — er det korrekt, kan du bekræfte det og fortsætte.',
    },
    orgNumber: {
      format: 'CVR-nummeret skal have 8 cifre (NN-NN-NN-NN).',
      checksum: 'CVR-nummeret er ikke gyldigt. Kontrollér cifrene.',
    },
    /** SPEC §5 prescription rules (glasses H/V and contact lenses). */
    prescription: {
      step: 'Skal være i trin af 0,25.',
      sphereRange: 'Sfære skal være mellem -20,00 og +20,00.',
      cylinderRange: 'Cylinder skal være mellem -8,00 og +8,00.',
      axis: 'Akse skal være et helt tal fra 0 til 180.',
      axisRequired: 'Akse skal udfyldes, når cylinder ikke er 0.',
      addition: 'Addition skal være positiv og højst +4,00 i trin af 0,25.',
      pd: 'PD skal være mellem 20 og 40 mm pr. øje.',
      sumTooHigh: 'Sfære plus addition må højst være +4,00.',
      examDateRequired: 'Angiv datoen for synsprøven.',
      examDateInvalid: 'Datoen for synsprøven skal skrives som ÅÅÅÅ-MM-DD.',
      examTooOld: 'Recepten er ældre end et år. Der skal en ny synsprøve til.',
      examInFuture: 'Datoen for synsprøven kan ikke ligge i fremtiden.',
      notConfirmed: 'Bekræft, at recepten ikke er ældre end et år.',
      readingGlasses: 'Med addition bliver brillerne læsebriller.',
      premiumGlass: 'Ved styrker over ±4,00 anbefaler vi premium-glas, som er tyndere og lettere.',
      power: 'Styrke skal være mellem -20,00 og +20,00 i trin af 0,25.',
      baseCurve: 'Basekurve skal være mellem 8,0 og 10,0 mm.',
      diameter: 'Diameter skal være mellem 13,0 og 15,0 mm.',
    },
  },
} as const;
