/**
 * Opens an emailed confirmation link as the mailbox owner would, and chooses the account's password
 * where the confirmation leads (/set-password, decision 004). Returns when the password works.
 */
export async function confirmEmailAndChoosePassword(baseUrl: string, verifyLink: string, password: string): Promise<void> {
  const verified = await fetch(verifyLink, { redirect: 'manual' });
  const next = verified.headers.get('location');
  if (verified.status !== 302 || !next) throw new Error(`email confirmation answered ${verified.status}`);
  const choice = await fetch(new URL(next, baseUrl), { redirect: 'manual' });
  const token = new URL(choice.headers.get('location') ?? '', baseUrl).searchParams.get('token');
  if (!token) throw new Error('the confirmation did not lead to the password choice');
  const set = await fetch(`${baseUrl}/api/auth/reset-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ token, newPassword: password }),
  });
  if (!set.ok) throw new Error(`choosing the password answered ${set.status}`);
}
