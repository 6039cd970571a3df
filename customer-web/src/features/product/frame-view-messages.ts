/**
 * Danish texts of a frame's 3D view and camera try-on, apart from `pt` (./messages): they load with
 * the view or the dialog when the shopper first opens it.
 */

/** SPEC §1: the 3D view of a frame. */
export const pt3d = {
  region: 'Brillerne i 3D',
  slider: 'Drej brillerne i 3D',
  hint: 'Træk i brillerne, eller brug piletasterne, for at dreje dem. Home viser dem forfra.',
  front: 'Forfra',
  side: 'Fra siden',
  frontText: 'Set forfra',
  backText: 'Set bagfra',
  turned: (degrees: number) => `Drejet ${Math.abs(degrees)}° til ${degrees < 0 ? 'venstre' : 'højre'}`,
} as const;

/** SPEC §1: the camera try-on of a frame. */
export const ptTryOn = {
  title: 'Prøv brillerne på',
  privacy: 'Billedet bliver på din enhed og sendes ikke til os.',
  starting: 'Starter kameraet …',
  video: 'Dit kamerabillede med brillerne',
  adjust: 'Tilpas brillerne',
  dragHint: 'Du kan også trække brillerne på plads.',
  size: 'Størrelse',
  horizontal: 'Vandret placering',
  vertical: 'Lodret placering',
  tilt: 'Hældning',
  capture: 'Tag billede',
  captured: 'Dit billede',
  save: 'Gem billedet',
  taken: 'Billedet er taget.',
  fileName: (articleId: string) => `proev-brillerne-${articleId}.png`,
  // SPEC §8: camera access needed for try-on.
  cameraNeeded: 'Vi skal have adgang til dit kamera for at du kan prøve brillerne på. Giv adgang i browserens indstillinger, og prøv igen.',
  retry: 'Prøv igen',
  close: 'Luk',
} as const;
