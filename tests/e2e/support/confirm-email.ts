/**
 * Confirms an emailed confirmation link as its owner would (decision 029b): opening the link leads to
 * /confirm-email?token=…, where the password chosen at sign-up confirms the address. Returns when it did.
 */
export async function confirmEmailWithSignUpPassword(baseUrl: string, verifyLink: string, password: string): Promise<void> {
  const opened = await fetch(verifyLink, { redirect: 'manual' });
  const next = new URL(opened.headers.get('location') ?? '', baseUrl);
  if (opened.status !== 302 || next.pathname !== '/confirm-email') throw new Error(`the confirmation link answered ${opened.status} to ${next.pathname}`);
  const confirmed = await fetch(`${baseUrl}/api/confirm-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ token: next.searchParams.get('token'), password }),
  });
  if (!confirmed.ok) throw new Error(`confirming the email answered ${confirmed.status}`);
}
