/**
 * The header search button and its dialog shell: the only site-search texts every page loads
 * (the overlay and the /search page load theirs with their code, messages.ts).
 */
export const headerSearchText = {
  open: 'Søg',
  dialogLabel: 'Søg på siden',
  close: 'Luk søgningen',
  loading: 'Søger …',
};
