import { describe, expect, it } from 'vitest';
import { resolveClientIp } from './client-ip';

const headers = (xff?: string) => new Headers(xff === undefined ? {} : { 'x-forwarded-for': xff });

describe('resolveClientIp', () => {
  it('uses the socket address and ignores X-Forwarded-For with no trusted proxy', () => {
    expect(resolveClientIp({ headers: headers('1.2.3.4'), socketAddress: '10.0.0.9', trustProxy: 0 })).toBe('10.0.0.9');
    expect(resolveClientIp({ headers: headers(), socketAddress: '::1', trustProxy: 0 })).toBe('::1');
  });

  it('takes the rightmost entry behind one proxy, the second from the right behind two', () => {
    expect(resolveClientIp({ headers: headers('6.6.6.6, 1.2.3.4'), socketAddress: '10.0.0.9', trustProxy: 1 })).toBe('1.2.3.4');
    expect(resolveClientIp({ headers: headers('6.6.6.6, 1.2.3.4, 10.0.0.2'), socketAddress: '10.0.0.9', trustProxy: 2 })).toBe('1.2.3.4');
  });

  it('takes the leftmost entry when there are fewer entries than proxies, the socket when none', () => {
    expect(resolveClientIp({ headers: headers('1.2.3.4'), socketAddress: '10.0.0.9', trustProxy: 2 })).toBe('1.2.3.4');
    expect(resolveClientIp({ headers: headers(), socketAddress: '10.0.0.9', trustProxy: 1 })).toBe('10.0.0.9');
  });

  it('ignores garbage entries and answers null without any address (in-process requests)', () => {
    expect(resolveClientIp({ headers: headers('not an ip; drop table'), socketAddress: '10.0.0.9', trustProxy: 1 })).toBe('10.0.0.9');
    expect(resolveClientIp({ headers: headers(' , '), trustProxy: 1 })).toBeNull();
    expect(resolveClientIp({ headers: headers('2001:DB8::1'), trustProxy: 1 })).toBe('2001:db8::1');
  });
});
