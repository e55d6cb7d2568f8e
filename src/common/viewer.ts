/** The signed-in user as the browser may see it: nothing secret, nothing internal. */
export interface Viewer {
  id: string;
  email: string;
  displayName: string | null;
}

/** What the app greets the user by: their name when they gave one, else their e-mail. */
export function viewerLabel(viewer: Viewer): string {
  return viewer.displayName ?? viewer.email;
}
