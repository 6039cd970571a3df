/** A store in one line, 'Profil Optik Strøget, Amagertorv 19, 1160 København K': the store step, the summary and the booking's facts. */
export const storeLine = (s: { name: string; street: string; postcode: string; city: string }) => `${s.name}, ${s.street}, ${s.postcode} ${s.city}`;
