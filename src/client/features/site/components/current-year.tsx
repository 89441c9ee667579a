/** This year, for the footer's copyright: the page is prerendered at build time, the year is today's once hydrated. */
export function CurrentYear() {
  return <span suppressHydrationWarning>{new Date().getFullYear()}</span>;
}
