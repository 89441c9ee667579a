/**
 * The product pictures on the landing pages: taken from the running app by `npm run screenshots`
 * (scripts/screenshots.ts) at twice the size they are shown, and served from public/screens.
 */
export const SCREENSHOTS = {
  diner: { src: 'screens/diner.webp', path: '/f/:restaurantId', width: 780, height: 1400, signedIn: false },
  dashboard: { src: 'screens/dashboard.webp', path: '/dashboard', width: 2560, height: 1600, signedIn: true },
} as const;
