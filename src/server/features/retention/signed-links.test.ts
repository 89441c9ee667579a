import { describe, expect, it } from 'vitest';
import { createStayToken, readStayToken } from './retention.service';
import { createUnsubscribeToken, readUnsubscribeToken } from '../../email/unsubscribe';
import { createSignedId, readSignedId } from '../../lib/runtime/signed-id';

const SECRET = 'test-secret-0123456789';
const ID = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';

describe('signed ids', () => {
  it('keeps the links already mailed valid: the same tokens as before the two links shared this module', () => {
    // Computed with the former code of email/unsubscribe.ts and features/retention/retention.service.ts.
    expect(createUnsubscribeToken(SECRET, ID)).toBe(`${ID}.Lq6aSKtAfgFjgIrkkj9bxviATFhTQvdm`);
    expect(createStayToken(SECRET, ID)).toBe(`${ID}.N-sQWmyYKJzL0Wh15f8_oH4IXIWSlTIN`);
    expect(readUnsubscribeToken(SECRET, `${ID}.Lq6aSKtAfgFjgIrkkj9bxviATFhTQvdm`)).toBe(ID);
    expect(readStayToken(SECRET, `${ID}.N-sQWmyYKJzL0Wh15f8_oH4IXIWSlTIN`)).toBe(ID);
  });

  it('refuses a token of another purpose, another secret, another id or another shape', () => {
    const token = createSignedId(SECRET, 'stay', ID);
    expect(readSignedId(SECRET, 'stay', token)).toBe(ID);
    expect(readSignedId(SECRET, 'unsubscribe', token)).toBeNull();
    expect(readSignedId('another-secret-0123456789', 'stay', token)).toBeNull();
    expect(readSignedId(SECRET, 'stay', token.replace(ID, '00000000-0000-4000-8000-000000000000'))).toBeNull();
    expect(readSignedId(SECRET, 'stay', `${token}x`)).toBeNull();
    expect(readSignedId(SECRET, 'stay', 'not-a-token')).toBeNull();
  });
});
